import type { StaffPasswordIssued } from '@gather/contracts';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Modal } from '../../components/Modal';
import { Alert } from '../../components/States';
import styles from './StaffAccountsSection.module.css';

/** The one place a one-time password appears: closing this forgets it. */
export function PasswordIssuedModal({ issued, onClose }: { issued: StaffPasswordIssued; onClose: () => void }) {
  const { account, one_time_password, emailed_to } = issued;
  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={one_time_password ? `Password for ${account.username}` : 'Link sent'}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {one_time_password ? (
        <>
          <p>
            Give this one-time password to {account.username}. They can change it under Staff Accounts once signed in.
          </p>
          <div className={styles.password}>
            <code data-testid="one-time-password">{one_time_password}</code>
            <CopyButton text={one_time_password} copiedMessage="Password copied." />
          </div>
          <Alert tone="warning">Write it down or copy it now: it will not be shown again.</Alert>
        </>
      ) : (
        <p>
          A link to set a password was e-mailed to {emailed_to}. It works once, for 48 hours. Their earlier password and
          sessions no longer work.
        </p>
      )}
    </Modal>
  );
}
