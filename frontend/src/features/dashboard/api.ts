import { useQuery } from '@tanstack/react-query';
import type { DashboardStats, SiteHealth } from '@gather/contracts';
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
