import type { RegistrationQuestion, RegistrationStatus, StaffRegistration } from '@gather/contracts';
import { RowActions, type RowAction } from '../../components/RowActions';
import { Badge, type BadgeTone } from '../../components/States';
import staffPage from '../../components/StaffPage.module.css';
import { formatClock, formatShortDate } from '../../lib/format';
import styles from './SignUpsPage.module.css';

const STATUS: Record<RegistrationStatus, { label: string; tone: BadgeTone }> = {
  confirmed: { label: 'Confirmed', tone: 'green' },
  waitlisted: { label: 'Waiting list', tone: 'orange' },
  offered: { label: 'Place offered', tone: 'teal' },
  cancelled: { label: 'Cancelled', tone: 'grey' },
};

interface SignUpsTableProps {
  registrations: StaffRegistration[];
  questions: RegistrationQuestion[];
  onCancel: (row: StaffRegistration) => void;
  onConfirm: (row: StaffRegistration) => void;
}

/**
 * The event's sign-ups, narrow enough for a laptop beside the sidebar: the address under the name, every answer
 * in one column that wraps, the actions in each row's menu.
 */
export function SignUpsTable({ registrations, questions, onCancel, onConfirm }: SignUpsTableProps) {
  return (
    <div className={staffPage.tableWrap}>
      <table className={staffPage.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">People</th>
            <th scope="col">Status</th>
            <th scope="col">Answers</th>
            <th scope="col">Signed up</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {registrations.map((row) => (
            <tr key={row.id}>
              <td className={staffPage.wraps}>
                {row.name}
                <span className={styles.second}>{row.email}</span>
              </td>
              <td>{row.party}</td>
              <td>
                <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
                <span className={styles.second}>{statusDetail(row)}</span>
              </td>
              <td className={staffPage.wraps}>
                <Answers row={row} questions={questions} />
              </td>
              <td>{formatShortDate(row.created_at)}</td>
              <td>
                {row.status !== 'cancelled' && (
                  <RowActions name={row.name} actions={actionsOf(row, onCancel, onConfirm)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function statusDetail(row: StaffRegistration): string {
  if (row.checked_in_at) return `Arrived ${formatClock(row.checked_in_at)}`;
  if (row.status === 'waitlisted' && row.waitlist_position) return `Number ${row.waitlist_position}`;
  if (row.status === 'offered' && row.offer_expires_at) return `Until ${formatShortDate(row.offer_expires_at)}`;
  return '';
}

function Answers({ row, questions }: { row: StaffRegistration; questions: RegistrationQuestion[] }) {
  const given = questions.filter((question) => row.answers[question.id] !== undefined);
  if (given.length === 0) return <span className={styles.none}>None</span>;
  return (
    <dl className={styles.answers}>
      {given.map((question) => {
        const answer = row.answers[question.id];
        return (
          <div key={question.id}>
            <dt>{question.label}</dt>
            <dd>{typeof answer === 'boolean' ? (answer ? 'Yes' : 'No') : answer}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function actionsOf(
  row: StaffRegistration,
  onCancel: (row: StaffRegistration) => void,
  onConfirm: (row: StaffRegistration) => void,
): RowAction[] {
  const actions: RowAction[] = [];
  if (row.status === 'waitlisted' || row.status === 'offered')
    actions.push({ label: 'Give a place', onSelect: () => onConfirm(row) });
  actions.push({ label: 'Cancel sign-up', onSelect: () => onCancel(row), danger: true });
  return actions;
}
