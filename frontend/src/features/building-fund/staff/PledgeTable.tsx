import type { AdminPledge } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { Badge } from '../../../components/States';
import { formatDate, formatMoney } from '../../../lib/format';
import { PAYMENT_TYPE_LABELS, STATUS_LABELS } from './labels';
import type { Sort, SortField } from './sorting';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PledgesPage.module.css';

interface PledgeTableProps {
  pledges: AdminPledge[];
  sort: Sort;
  onSort: (field: SortField) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  onView: (pledge: AdminPledge) => void;
  onFollowUp: (pledge: AdminPledge) => void;
  onDelete: (pledge: AdminPledge) => void;
}

export function PledgeTable(props: PledgeTableProps) {
  const { pledges, sort, onSort, selected, onSelect, onView, onFollowUp, onDelete } = props;
  const allSelected = pledges.length > 0 && pledges.every((pledge) => selected.has(pledge.id));

  function toggle(id: number) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  }

  const header = (field: SortField, label: string) => (
    <th
      scope="col"
      aria-sort={sort.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className={styles.sort} onClick={() => onSort(field)}>
        {label}
        <span aria-hidden="true" className={styles.sortMark}>
          {sort.field === field ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );

  return (
    <div className={staffPage.tableWrap}>
      <table className={staffPage.table}>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all donations on this page"
                checked={allSelected}
                onChange={() => onSelect(allSelected ? new Set() : new Set(pledges.map((pledge) => pledge.id)))}
              />
            </th>
            {header('name', 'Donor Name')}
            {header('email', 'Email')}
            {header('total_pledge', 'Total Pledge')}
            {header('payment_amount', 'Payment Amount')}
            <th scope="col">Paid</th>
            <th scope="col">Remaining</th>
            <th scope="col">Payment Type</th>
            {header('pay_by_date', 'Pay By Date')}
            <th scope="col">Status</th>
            {header('created_at', 'Submitted')}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {pledges.map((pledge) => (
            <tr key={pledge.id} className={pledge.is_overdue ? styles.overdue : undefined}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select ${pledge.full_name}`}
                  checked={selected.has(pledge.id)}
                  onChange={() => toggle(pledge.id)}
                />
              </td>
              <td className={styles.donor}>{pledge.full_name}</td>
              <td className={styles.email}>{pledge.email}</td>
              <td>{formatMoney(pledge.total_pledge, pledge.currency)}</td>
              <td>{formatMoney(pledge.payment_amount, pledge.currency)}</td>
              <td>{formatMoney(pledge.paid, pledge.currency)}</td>
              <td>{formatMoney(pledge.remaining_balance, pledge.currency)}</td>
              <td>{PAYMENT_TYPE_LABELS[pledge.payment_type]}</td>
              <td>
                {formatDate(pledge.pay_by_date)}
                {pledge.is_overdue ? (
                  <>
                    {' '}
                    <Badge tone="coral">Overdue</Badge>
                  </>
                ) : (
                  pledge.is_behind_schedule && (
                    <>
                      {' '}
                      <Badge tone="orange">Behind schedule</Badge>
                    </>
                  )
                )}
              </td>
              <td>
                <Badge tone={STATUS_LABELS[pledge.payment_status].tone}>
                  {STATUS_LABELS[pledge.payment_status].label}
                </Badge>
              </td>
              <td>{formatDate(pledge.created_at)}</td>
              <td>
                <div className={styles.rowActions}>
                  <Button size="sm" variant="ghost" onClick={() => onView(pledge)}>
                    View <span className="visually-hidden">{pledge.full_name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => onFollowUp(pledge)}>
                    Follow up <span className="visually-hidden">with {pledge.full_name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => onDelete(pledge)}>
                    Delete <span className="visually-hidden">{pledge.full_name}</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
