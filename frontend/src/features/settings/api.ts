import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChurchSettings, TestEmailAnswer, TestEmailRequest } from '@gather/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useChurchSettings() {
  return useQuery({
    queryKey: queryKeys.settings.details(),
    queryFn: () => api.get<ChurchSettings>('/api/admin/settings/'),
  });
}

/** A save changes what every page shows (the site's details) and may tick the first-run checklist. */
export function useSaveChurchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChurchSettings) => api.put<ChurchSettings>('/api/admin/settings/', settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.settings.details(), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.site() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.settings.checklist() }),
      ]);
    },
  });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TestEmailRequest) => api.post<TestEmailAnswer>('/api/admin/settings/test-email/', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.checklist() }),
  });
}
