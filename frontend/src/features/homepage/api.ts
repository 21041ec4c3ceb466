import { useQuery } from '@tanstack/react-query';
import type { HomepageContent } from '@gather/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useHomepageContent() {
  return useQuery({
    queryKey: queryKeys.homepage(),
    queryFn: () => api.get<HomepageContent>('/api/homepage/'),
  });
}
