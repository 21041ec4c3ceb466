import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HomepageContent, HomepageContentRequest } from '@gather/contracts';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useSaveHomepage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: HomepageContentRequest) => api.put<HomepageContent>('/api/admin/homepage/', content),
    onSuccess: (content) => queryClient.setQueryData(queryKeys.homepage(), content),
  });
}
