import type { StaffPledge } from '@gather/contracts';
import { RowActions } from '../../../components/RowActions';
import { Badge } from '../../../components/States';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { PAYMENT_TYPE_LABELS, STATUS_LABELS } from './labels';
import type { Sort, SortField } from './sorting';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PledgesPage.module.css';

interface PledgeTableProps {
  pledges: StaffPledge[];
  sort: Sort;
  onSort: (field: SortField) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  onView: (pledge: StaffPledge) => void;
  onFollowUp: (pledge: StaffPledge) => void;
  onDelete: (pledge: StaffPledge) => void;
}

/**
 * The pledges, narrow enough for a laptop beside the sidebar: each column's second fact sits under its first
 * (the e-mail under the name, the instalment under the total); the name opens the details, the rest waits in a menu.
 */
export function PledgeTable(props: PledgeTableProps) {
  const { pledges, sort, onSort, selected, onSelect, onView, onFollowUp, onDelete } = props;
  const allSelected = pledges.length > 0 && pledges.every((pledge) => selected.has(pledge.id));

  function toggle(id: number) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  }

  const sortButton = (field: SortField, label: string) => (
    <button type="button" className={styles.sort} onClick={() => onSort(field)}>
      {label}
      <span aria-hidden="true" className={styles.sortMark}>
        {sort.field === field ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
  const header = (fields: [SortField, string][]) => {
    const sorted = fields.some(([field]) => field === sort.field);
    return (
      <th scope="col" aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
        <span className={styles.sorts}>{fields.map(([field, label]) => sortButton(field, label))}</span>
      </th>
    );
  };

  return (
    <div className={staffPage.tableWrap}>
      <table className={`${staffPage.table} ${styles.table}`}>
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
            {header([
              ['name', 'Donor Name'],
              ['email', 'Email'],
            ])}
            {header([
              ['total_pledge', 'Total Pledge'],
              ['payment_amount', 'Payment'],
            ])}
            <th scope="col">Paid</th>
            {header([['pay_by_date', 'Pay By Date']])}
            <th scope="col">Status</th>
            {header([['created_at', 'Submitted']])}
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
              <td className={staffPage.wraps}>
                <button
                  type="button"
                  className={styles.donor}
                  aria-label={`View ${pledge.full_name}`}
                  onClick={() => onView(pledge)}
                >
                  {pledge.full_name}
                </button>
                <span className={`${styles.second} ${styles.email}`} title={pledge.email}>
                  {pledge.email}
                </span>
              </td>
              <td>
                {formatMoney(pledge.total_pledge, pledge.currency)}
                <span className={styles.second}>
                  {PAYMENT_TYPE_LABELS[pledge.payment_type]}, {formatMoney(pledge.payment_amount, pledge.currency)}
                </span>
              </td>
              <td>
                {formatMoney(pledge.paid, pledge.currency)}
                <span className={styles.second}>
                  {formatMoney(pledge.remaining_balance, pledge.currency)} <span>remaining</span>
                </span>
              </td>
              <td>
                {formatShortDate(pledge.pay_by_date)}
                {pledge.is_overdue ? (
                  <span className={styles.second}>
                    <Badge tone="coral">Overdue</Badge>
                  </span>
                ) : (
                  pledge.is_behind_schedule && (
                    <span className={styles.second}>
                      <Badge tone="orange">Behind schedule</Badge>
                    </span>
                  )
                )}
              </td>
              <td>
                <Badge tone={STATUS_LABELS[pledge.payment_status].tone}>
                  {STATUS_LABELS[pledge.payment_status].label}
                </Badge>
              </td>
              <td>{formatShortDate(pledge.created_at)}</td>
              <td>
                <RowActions
                  name={pledge.full_name}
                  actions={[
                    { label: 'View details', onSelect: () => onView(pledge) },
                    { label: 'Send follow-up', onSelect: () => onFollowUp(pledge) },
                    { label: 'Delete', onSelect: () => onDelete(pledge), danger: true },
                  ]}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
