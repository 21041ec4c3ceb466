import type { StaffAccount, StaffPasswordIssued } from '@gather/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { useConfirm } from '../../components/Confirm';
import staffPage from '../../components/StaffPage.module.css';
import { Alert, Badge, LoadingState } from '../../components/States';
import { useToast } from '../../components/Toast';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { AddAccountModal } from './AddAccountModal';
import { useResetSecondFactor, useSetActive, useStaffAccounts } from './api';
import { ChangeMyPasswordForm } from './ChangeMyPasswordForm';
import { EditRolesModal } from './EditRolesModal';
import { ROLE_LABELS } from './RoleChoices';
import { PasswordIssuedModal } from './PasswordIssuedModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import { SignInsModal } from './SignInsModal';
import styles from './StaffAccountsSection.module.css';

type Open =
  | { kind: 'add' }
  | { kind: 'issued'; issued: StaffPasswordIssued }
  | { kind: 'reset'; account: StaffAccount }
  | { kind: 'roles'; account: StaffAccount }
  | { kind: 'sign-ins'; account: StaffAccount };

/** Who can sign in to the console, without a terminal. */
export function StaffAccountsSection() {
  const accounts = useStaffAccounts();
  const setActive = useSetActive();
  const resetSecondFactor = useResetSecondFactor();
  const confirm = useConfirm();
  const toast = useToast();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  async function resetTwoStep(account: StaffAccount) {
    const yes = await confirm({
      title: `Reset two-step sign-in for “${account.username}”?`,
      message: `Their passkeys, authenticator app and recovery codes stop working. ${account.username} signs in with their password alone, then sets up two-step sign-in again.`,
      confirmLabel: 'Reset two-step sign-in',
    });
    if (!yes) return;
    resetSecondFactor.mutate(account.id, {
      onSuccess: () => toast.success(`Two-step sign-in reset for ${account.username}.`),
      onError: () => toast.error('Could not reset two-step sign-in. Please try again.'),
    });
  }

  async function toggle(account: StaffAccount) {
    if (account.active) {
      const yes = await confirm({
        title: `Deactivate the account “${account.username}”?`,
        message: `${account.username} is signed out at once and cannot sign in until the account is reactivated.`,
        confirmLabel: 'Deactivate',
      });
      if (!yes) return;
    }
    setActive.mutate(
      { id: account.id, active: !account.active },
      {
        onSuccess: () =>
          toast.success(account.active ? `${account.username} deactivated.` : `${account.username} reactivated.`),
        onError: (error) =>
          toast.error(
            (error instanceof ApiError && error.detail) || 'Could not change this account. Please try again.',
          ),
      },
    );
  }

  return (
    <div className={staffPage.page}>
      <div className={styles.header}>
        <h1 className={staffPage.title}>Staff Accounts</h1>
        <Button onClick={() => setOpen({ kind: 'add' })}>Add account</Button>
      </div>
      {accounts.isPending && <LoadingState />}
      {accounts.isError && <Alert>Error loading staff accounts. Please try again.</Alert>}
      {accounts.data && (
        <ul className={styles.list} aria-label="Staff accounts">
          {accounts.data.map((account) => (
            <li key={account.id} className={styles.card} data-testid="staff-account">
              <div className={styles.who}>
                <strong>{account.username}</strong>
                {account.is_you && <Badge tone="indigo">You</Badge>}
                <Badge tone={account.active ? 'green' : 'grey'}>{account.active ? 'Active' : 'Deactivated'}</Badge>
              </div>
              <p className={styles.meta}>
                {account.email ?? 'No email'} · Added {formatDate(account.created_at)} · Last sign-in{' '}
                {account.last_signed_in_at ? formatDateTime(account.last_signed_in_at) : 'never'}
              </p>
              <p className={styles.meta}>Roles: {account.roles.map((role) => ROLE_LABELS[role].name).join(', ')}</p>
              <div className={styles.actions}>
                <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'sign-ins', account })}>
                  Sign-ins
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setOpen({ kind: 'roles', account })}>
                  Roles
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setOpen({ kind: 'reset', account })}>
                  Reset password
                </Button>
                {!account.is_you && (
                  <Button variant="secondary" size="sm" onClick={() => void resetTwoStep(account)}>
                    Reset two-step sign-in
                  </Button>
                )}
                {!account.is_you && (
                  <Button
                    variant={account.active ? 'quietDanger' : 'secondary'}
                    size="sm"
                    onClick={() => toggle(account)}
                  >
                    {account.active ? 'Deactivate' : 'Reactivate'}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ChangeMyPasswordForm />
      <section className={styles.card} aria-labelledby="my-two-step">
        <h2 id="my-two-step" className={styles.heading}>
          Two-step sign-in
        </h2>
        <p>
          <Link to="/admin/security">Set up a passkey or an authenticator app</Link>, and the church&apos;s setting.
        </p>
      </section>
      {open?.kind === 'add' && (
        <AddAccountModal onClose={close} onAdded={(issued) => setOpen({ kind: 'issued', issued })} />
      )}
      {open?.kind === 'reset' && (
        <ResetPasswordModal
          account={open.account}
          onClose={close}
          onReset={(issued) => setOpen({ kind: 'issued', issued })}
        />
      )}
      {open?.kind === 'roles' && <EditRolesModal account={open.account} onClose={close} />}
      {open?.kind === 'issued' && <PasswordIssuedModal issued={open.issued} onClose={close} />}
      {open?.kind === 'sign-ins' && <SignInsModal account={open.account} onClose={close} />}
    </div>
  );
}
