import type { ActivityEntry, ActivityFilters, ActivityQuery, Page } from '@gather/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useActivity(query: Partial<ActivityQuery>) {
  return useQuery({
    queryKey: queryKeys.activity.list(query),
    queryFn: () => api.get<Page<ActivityEntry>>('/api/admin/activity/', query),
    placeholderData: keepPreviousData,
  });
}

export function useActivityFilters() {
  return useQuery({
    queryKey: queryKeys.activity.filters(),
    queryFn: () => api.get<ActivityFilters>('/api/admin/activity/filters/'),
  });
}
