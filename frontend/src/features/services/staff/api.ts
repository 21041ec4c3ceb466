import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequest, WeeklyService } from '@gather/contracts';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useStaffServices() {
  return useQuery({
    queryKey: queryKeys.services.staff(),
    queryFn: () => api.get<WeeklyService[]>('/api/admin/services/'),
  });
}

/** Public pages and the dashboard counts show services too: a change refreshes them all. */
function useRefreshServices() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.services.all() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stats() });
  };
}

export function useSaveService() {
  const onSuccess = useRefreshServices();
  return useMutation({
    mutationFn: ({ id, service }: { id?: number; service: ServiceRequest }) =>
      id ? api.put<WeeklyService>(`/api/services/${id}/`, service) : api.post<WeeklyService>('/api/services/', service),
    onSuccess,
  });
}

export function useDeleteService() {
  const onSuccess = useRefreshServices();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/services/${id}/`), onSuccess });
}
