import { Button } from '../Button';
import { RowActions, type RowAction } from '../RowActions';
import styles from './Inbox.module.css';

interface SubmissionActionsProps {
  /** Ends the buttons' names for screen readers, e.g. "gift from Ann". */
  what: string;
  onView: () => void;
  onDelete: () => void;
  /** Mark as read or processed, while the submission still waits. */
  mark?: RowAction;
}

/** A submission's View, with the rest (marking, Delete) in its row's menu. */
export function SubmissionActions({ what, onView, onDelete, mark }: SubmissionActionsProps) {
  return (
    <td>
      <div className={styles.rowActions}>
        <Button size="sm" variant="ghost" onClick={onView}>
          View <span className="visually-hidden">{what}</span>
        </Button>
        <RowActions
          name={what}
          actions={[...(mark ? [mark] : []), { label: 'Delete', onSelect: onDelete, danger: true }]}
        />
      </div>
    </td>
  );
}
