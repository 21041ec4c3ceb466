import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChurchEvent } from '@gather/contracts';
import { api, listOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useStaffEvents() {
  return useQuery({
    queryKey: queryKeys.events.list(),
    queryFn: async () => listOf(await api.get<ChurchEvent[] | { results?: ChurchEvent[] }>('/api/events/')),
  });
}

function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.events.all() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stats() });
  };
}

/** Multipart, as the image travels with the fields; editing replaces the event (PUT). */
export function useSaveEvent() {
  const onSuccess = useRefreshEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      id
        ? api.upload<ChurchEvent>(`/api/events/${id}/`, body, { method: 'PUT' })
        : api.upload<ChurchEvent>('/api/events/', body),
    onSuccess,
  });
}

export function useDeleteEvent() {
  const onSuccess = useRefreshEvents();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/events/${id}/`), onSuccess });
}
