import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddedFactor,
  AuthenticatorSetup,
  RecoveryCodes,
  SecondFactorStatus,
  SecondStepNeeded,
  StaffUser,
} from '@gather/contracts';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const BASE = '/api/admin/second-factor';
type SecondStep = SecondStepNeeded['second_step'];
type BrowserOptions<F extends (options: { optionsJSON: never }) => unknown> = Parameters<F>[0]['optionsJSON'];

/** The second step of a sign-in: a code (authenticator app or recovery code), or a passkey. */
export function useSecondStep(step: SecondStep) {
  const queryClient = useQueryClient();
  const signedIn = (user: StaffUser) => queryClient.setQueryData(queryKeys.auth.me(), user);
  const withCode = useMutation({
    mutationFn: (code: string) => api.post<StaffUser>('/api/admin/auth/second-step/code/', { token: step.token, code }),
    onSuccess: signedIn,
  });
  const withPasskey = useMutation({
    mutationFn: async () => {
      const options = await api.post<BrowserOptions<typeof startAuthentication>>(
        '/api/admin/auth/second-step/passkey-options/',
        { token: step.token },
      );
      const response = await startAuthentication({ optionsJSON: options });
      return api.post<StaffUser>('/api/admin/auth/second-step/passkey/', { token: step.token, response });
    },
    onSuccess: signedIn,
  });
  return { withCode, withPasskey };
}

export function useSecondFactorStatus() {
  return useQuery({ queryKey: queryKeys.auth.secondFactor(), queryFn: () => api.get<SecondFactorStatus>(`${BASE}/`) });
}

/** After any change: the page's status, and who is signed in (a first factor lifts the enrol-only limit). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.auth.secondFactor() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
    ]);
}

export function useStartAuthenticator() {
  return useMutation({ mutationFn: () => api.post<AuthenticatorSetup>(`${BASE}/authenticator/`) });
}

/**
 * `onAdded` runs here, before the refresh, and not as a callback of `mutate()`: the refreshed status swaps the setup
 * form away, and react-query never calls a gone component's `mutate()` callbacks, so the recovery codes (shown only
 * once) would be lost.
 */
export function useConfirmAuthenticator(onAdded: (added: AddedFactor) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => api.post<AddedFactor>(`${BASE}/authenticator/confirm/`, { code }),
    onSuccess: (added) => {
      onAdded(added);
      return refresh();
    },
  });
}

/** `onAdded` runs before the refresh, as for the authenticator app. */
export function useAddPasskey(onAdded: (added: AddedFactor) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api.post<BrowserOptions<typeof startRegistration>>(`${BASE}/passkeys/options/`);
      const response = await startRegistration({ optionsJSON: options });
      return api.post<AddedFactor>(`${BASE}/passkeys/`, { name, response });
    },
    onSuccess: (added) => {
      onAdded(added);
      return refresh();
    },
  });
}

export interface Proof {
  password?: string;
  code?: string;
}

/** Removing a factor or replacing the recovery codes needs the current password or a code. */
export function useProvenChange() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      change,
      proof,
    }: {
      change: ProvenChange;
      proof: Proof;
    }): Promise<RecoveryCodes | undefined> => {
      if (change.kind === 'recovery-codes') return api.post<RecoveryCodes>(`${BASE}/recovery-codes/`, proof);
      const path = change.kind === 'authenticator' ? `${BASE}/authenticator/` : `${BASE}/passkeys/${change.id}/`;
      await api.delete(path, proof);
      return undefined;
    },
    onSuccess: refresh,
  });
}

export type ProvenChange =
  { kind: 'authenticator' } | { kind: 'passkey'; id: number; name: string } | { kind: 'recovery-codes' };

export function useSetRequiredForAllStaff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (requiredForAllStaff: boolean) =>
      api.put(`${BASE}/policy/`, { required_for_all_staff: requiredForAllStaff }),
    onSuccess: refresh,
  });
}
