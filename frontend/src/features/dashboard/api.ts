import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardStats, HomepageContent, HomepageContentRequest } from '@gather/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.stats(), queryFn: () => api.get<DashboardStats>('/api/admin/stats/') });
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
