import type { PersonErased, PersonRecord } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const personExportPath = (email: string) => withQuery('/api/admin/people/export/', { email });

/** Everything held about one address; nothing is asked until an address is given. */
export function usePerson(email: string | null) {
  return useQuery({
    queryKey: queryKeys.person(email ?? ''),
    queryFn: () => api.get<PersonRecord>('/api/admin/people/', { email: email! }),
    enabled: email !== null,
  });
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<PersonErased>('/api/admin/people/erase/', { email }),
    // Erasing touches every list: inboxes, pledges, recipients, campaigns.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
