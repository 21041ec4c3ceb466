import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardStats, HomepageContent, HomepageContentRequest, SiteHealth } from '@gather/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.stats(), queryFn: () => api.get<DashboardStats>('/api/admin/stats/') });
}

/** Asked again every minute: a worker that stops or a disk that fills is seen without a reload. */
export function useSiteHealth() {
  return useQuery({
    queryKey: queryKeys.siteHealth(),
    queryFn: () => api.get<SiteHealth>('/api/admin/site-health/'),
    refetchInterval: 60_000,
  });
}

export function useHomepageContent() {
  return useQuery({ queryKey: queryKeys.homepage(), queryFn: () => api.get<HomepageContent>('/api/homepage/') });
}

export function useSaveHomepage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: HomepageContentRequest) => api.put<HomepageContent>('/api/admin/homepage/', content),
    onSuccess: (content) => queryClient.setQueryData(queryKeys.homepage(), content),
  });
}
