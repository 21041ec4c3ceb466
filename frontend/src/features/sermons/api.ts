import { useQuery } from '@tanstack/react-query';
import type { Sermon } from '@gather/contracts';
import { api, listOf } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

type ListAnswer<T> = T[] | { results?: T[] };

/** The newest sermons: home shows 3, the media page a featured one and six more. */
export function useLatestSermons(limit: number) {
  return useQuery({
    queryKey: queryKeys.sermons.latest(limit),
    queryFn: async () => listOf(await api.get<ListAnswer<Sermon>>('/api/sermons/latest/', { limit })).slice(0, limit),
  });
}
