import type { Page, Suppression } from '@gather/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useSuppressions(query: { page: number; page_size: number }) {
  return useQuery({
    queryKey: queryKeys.email.suppressions(query),
    queryFn: () => api.get<Page<Suppression>>('/api/admin/email/suppressions/', query),
    placeholderData: keepPreviousData,
  });
}

/** Lifting a suppression also changes who the recipient list may mail. */
export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/admin/email/suppressions/${id}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.email.allSuppressions() }),
  });
}
