import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoginRequest, SecondStepNeeded, StaffUser } from '@gather/contracts';
import { api, isUnauthorized } from '../../lib/api';
import { useLiveConnection } from '../../lib/live/connections';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in staff member, or null: a 401 here is an answer, not an error. */
export function useStaffUser() {
  return useQuery({
    queryKey: queryKeys.auth.me(),
    queryFn: async (): Promise<StaffUser | null> => {
      try {
        return await api.get<StaffUser>('/api/admin/auth/me');
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/**
 * The server closes a staff member's socket when their session ends (signed out elsewhere, deactivated, a new
 * password): asking who is signed in then sends them to sign in at once, with their place kept, not at their next
 * click.
 */
export function useSessionEndNoticed() {
  const queryClient = useQueryClient();
  const connection = useLiveConnection('staff');
  useEffect(
    () => connection.onDropped(() => void queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() })),
    [connection, queryClient],
  );
}

/** The password step: signed in, or asked for a second step (no session yet). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      api.post<StaffUser | SecondStepNeeded>('/api/admin/auth/login', credentials),
    onSuccess: (answer) => {
      if (!('second_step' in answer)) queryClient.setQueryData(queryKeys.auth.me(), answer);
    },
  });
}

/** Ends the session on the server, then forgets everything cached while signed in. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/admin/auth/logout'),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.auth.me(), null);
    },
  });
}
