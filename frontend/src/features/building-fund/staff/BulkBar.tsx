import type { PledgeBulkAction } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { useToast } from '../../../components/Toast';
import { useBulkPledges } from './api';
import styles from './PledgesPage.module.css';

const plural = (count: number) => `${count} ${count === 1 ? 'donation' : 'donations'}`;

/** One call for every selected pledge: they all change together or none does. */
export function BulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const bulk = useBulkPledges();

  async function run(action: PledgeBulkAction) {
    if ('delete' in action) {
      const sure = await confirm({
        title: 'Delete donations',
        message: `Are you sure you want to delete ${ids.length} donations?`,
      });
      if (!sure) return;
    }
    try {
      await bulk.mutateAsync(action);
      toast.success('delete' in action ? `${plural(ids.length)} deleted` : `${plural(ids.length)} updated`);
      onDone();
    } catch {
      toast.error('delete' in action ? 'Error deleting donations' : 'Error updating donations');
    }
  }

  return (
    <div className={styles.bulk} role="region" aria-label="Bulk actions">
      <strong>{ids.length} selected</strong>
      <Button size="sm" disabled={bulk.isPending} onClick={() => void run({ ids, payment_status: 'confirmed' })}>
        Mark confirmed
      </Button>
      <Button size="sm" disabled={bulk.isPending} onClick={() => void run({ ids, payment_status: 'completed' })}>
        Mark completed
      </Button>
      <Button size="sm" variant="danger" disabled={bulk.isPending} onClick={() => void run({ ids, delete: true })}>
        Delete selected
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
    </div>
  );
}
