import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Pagination } from '../../../components/Pagination';
import { Alert, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { formatDateTime } from '../../../lib/format';
import { useLiftSuppression, useSuppressions } from './suppressions-api';
import styles from './EmailsSection.module.css';

const PAGE_SIZE = 10;

/** Addresses the mail server refused for good: campaigns skip them until staff lift the suppression. */
export function SuppressionsPanel() {
  const [page, setPage] = useState(1);
  const suppressions = useSuppressions({ page, page_size: PAGE_SIZE });
  const lift = useLiftSuppression();
  const confirm = useConfirm();
  const toast = useToast();

  async function liftOne(id: number, email: string) {
    const sure = await confirm({
      title: 'Lift suppression',
      message: `Let campaigns mail ${email} again? Do this only once the address works again.`,
      confirmLabel: 'Lift',
      tone: 'primary',
    });
    if (!sure) return;
    try {
      await lift.mutateAsync(id);
      toast.success(`${email} will be mailed again.`);
    } catch {
      toast.error('Could not lift the suppression. Please try again.');
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="suppressed-addresses">
      <h3 id="suppressed-addresses" className={styles.panelTitle}>
        Suppressed addresses
      </h3>
      <p className={styles.muted}>The mail server refused these addresses for good, so no campaign is sent to them.</p>
      {suppressions.isPending ? (
        <LoadingState />
      ) : suppressions.isError ? (
        <Alert>Error loading suppressed addresses. Please try again.</Alert>
      ) : !suppressions.data.results.length ? (
        <EmptyState title="No suppressed addresses" />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Reason</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {suppressions.data.results.map((row) => (
                <tr key={row.id}>
                  <td>{row.email}</td>
                  <td>{row.reason}</td>
                  <td>{formatDateTime(row.created_at)}</td>
                  <td className={styles.actions}>
                    <Button size="sm" variant="secondary" onClick={() => void liftOne(row.id, row.email)}>
                      Lift
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} pageSize={PAGE_SIZE} count={suppressions.data.count} onPageChange={setPage} />
        </div>
      )}
    </section>
  );
}
