import type {
  ChangeMyPasswordRequest,
  PasswordDelivery,
  SetPasswordWithLinkRequest,
  StaffAccount,
  StaffAccountCreateRequest,
  StaffPasswordIssued,
  StaffRole,
  StaffSignIn,
} from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const BASE = '/api/admin/staff-accounts';

export function useStaffAccounts() {
  return useQuery({ queryKey: queryKeys.staffAccounts.list(), queryFn: () => api.get<StaffAccount[]>(`${BASE}/`) });
}

export function useSignIns(accountId: number) {
  return useQuery({
    queryKey: queryKeys.staffAccounts.signIns(accountId),
    queryFn: () => api.get<StaffSignIn[]>(`${BASE}/${accountId}/sign-ins/`),
  });
}

function useAccountsMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staffAccounts.all() }),
  });
}

export const useAddAccount = () =>
  useAccountsMutation((account: StaffAccountCreateRequest) => api.post<StaffPasswordIssued>(`${BASE}/`, account));

export const useResetPassword = () =>
  useAccountsMutation(({ id, delivery }: { id: number; delivery: PasswordDelivery }) =>
    api.post<StaffPasswordIssued>(`${BASE}/${id}/reset-password/`, { delivery }),
  );

/** Editing one's own roles changes the console itself: the signed-in user is read again too. */
export function useEditRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: number; roles: StaffRole[] }) =>
      api.patch<StaffAccount>(`${BASE}/${id}/`, { roles }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.staffAccounts.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
      ]),
  });
}

export const useSetActive = () =>
  useAccountsMutation(({ id, active }: { id: number; active: boolean }) =>
    api.post<StaffAccount>(`${BASE}/${id}/${active ? 'reactivate' : 'deactivate'}/`),
  );

/** For someone who lost their phone: they sign in with their password alone and set up two-step sign-in again. */
export function useResetSecondFactor() {
  return useAccountsMutation((accountId: number) => api.post<void>(`${BASE}/${accountId}/reset-second-factor/`));
}

export function useChangeMyPassword() {
  return useMutation({
    mutationFn: (change: ChangeMyPasswordRequest) => api.post<void>(`${BASE}/me/password/`, change),
  });
}

export function useSetPasswordWithLink() {
  return useMutation({
    mutationFn: (request: SetPasswordWithLinkRequest) => api.post<void>(`${BASE}/set-password/`, request),
  });
}
