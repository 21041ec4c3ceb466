import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardStats, FirstRunChecklist as Checklist, SiteHealth, TodaysArrivals } from '@gather/contracts';
import { api } from '../../lib/api';
import { readFollowed } from '../../lib/live/pushed';
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

/** What a new church must still do; an administrator's dashboard shows it until every step is done. */
export function useFirstRunChecklist(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.settings.checklist(),
    queryFn: () => api.get<Checklist>('/api/admin/settings/checklist/'),
    enabled,
  });
}

/** Removes every demo item; the lists that showed them are read again. */
export function useRemoveDemoContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ removed: number }>('/api/admin/settings/remove-demo-content/', { confirm: true }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Today's events taking sign-ups, with arrivals against places; only for those who run events. */
export function useTodaysArrivals() {
  return useQuery({
    queryKey: queryKeys.registrations.arrivals(),
    queryFn: readFollowed(() => api.get<TodaysArrivals>('/api/admin/stats/arrivals/')),
  });
}
