import type { PasswordDelivery, StaffAccount, StaffPasswordIssued } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { useResetPassword } from './api';

/** Choosing how the new password goes is the confirmation: Cancel changes nothing. */
export function ResetPasswordModal({
  account,
  onClose,
  onReset,
}: {
  account: StaffAccount;
  onClose: () => void;
  onReset: (issued: StaffPasswordIssued) => void;
}) {
  const reset = useResetPassword();
  const toast = useToast();
  const send = (delivery: PasswordDelivery) =>
    reset.mutate(
      { id: account.id, delivery },
      { onSuccess: onReset, onError: () => toast.error('Could not reset the password. Please try again.') },
    );
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={`Reset password for ${account.username}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="secondary" disabled={!account.email || reset.isPending} onClick={() => send('email-link')}>
            E-mail a link
          </Button>
          <Button busy={reset.isPending} onClick={() => send('one-time-password')}>
            Show a one-time password
          </Button>
        </>
      }
    >
      <p>
        {account.username} is signed out everywhere and their current password stops working.
        {account.email ? ` A link can go to ${account.email}.` : ' This account has no email address for a link.'}
      </p>
    </Modal>
  );
}
