import type { ReactNode } from 'react';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { formatDateTime } from '../../lib/format';
import staffPage from '../StaffPage.module.css';
import styles from './Inbox.module.css';

interface SubmissionModalProps {
  title: string;
  receivedAt: string;
  facts: [string, ReactNode][];
  message: string;
  /** The mark button, while the submission is not yet read or processed. */
  markButton?: ReactNode;
  onDelete: () => void;
  onClose: () => void;
}

export function SubmissionModal(props: SubmissionModalProps) {
  const { title, receivedAt, facts, message, markButton, onDelete, onClose } = props;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={onDelete}>
            Delete
          </Button>
          {markButton}
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <dl className={`${staffPage.facts} ${styles.facts}`}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Received</dt>
          <dd>{formatDateTime(receivedAt)}</dd>
        </div>
      </dl>
      {message && <p className={styles.message}>{message}</p>}
    </Modal>
  );
}
