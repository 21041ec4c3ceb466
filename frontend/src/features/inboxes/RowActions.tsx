import { Button } from '../../components/Button';
import styles from './Inbox.module.css';

/** A submission's View and Delete; `what` ends each button's name for screen readers, e.g. "gift from Ann". */
export function RowActions({ what, onView, onDelete }: { what: string; onView: () => void; onDelete: () => void }) {
  return (
    <td>
      <div className={styles.rowActions}>
        <Button size="sm" variant="ghost" onClick={onView}>
          View <span className="visually-hidden">{what}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete}>
          Delete <span className="visually-hidden">{what}</span>
        </Button>
      </div>
    </td>
  );
}
