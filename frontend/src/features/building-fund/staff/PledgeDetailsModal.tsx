import { PAYMENT_STATUSES, toPennies, type StaffPledge, type PaymentStatus } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Choice, Field, Select, TextArea } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { Badge } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { usePledge, useSendStatement, useSetReminders, useUpdatePledge } from './api';
import { PAYMENT_METHOD_LABELS, PAYMENT_TYPE_LABELS, STATUS_LABELS } from './labels';
import { PledgeGifts } from './PledgeGifts';
import staffPage from '../../../components/StaffPage.module.css';
import styles from './PledgesPage.module.css';

export function PledgeDetailsModal({ pledge: opened, onClose }: { pledge: StaffPledge; onClose: () => void }) {
  const toast = useToast();
  const pledge = usePledge(opened).data;
  const update = useUpdatePledge();
  const [notes, setNotes] = useState(pledge.admin_notes);
  const [notesFailed, setNotesFailed] = useState(false);
  const confirm = useConfirm();
  const reminders = useSetReminders();
  const statement = useSendStatement();

  function switchReminders(enabled: boolean) {
    reminders.mutate(
      { id: pledge.id, enabled },
      {
        onSuccess: () => toast.success(enabled ? 'Reminders switched on' : 'Reminders switched off'),
        onError: () => toast.error('Error changing reminders. Please try again.'),
      },
    );
  }

  async function sendStatement() {
    const sure = await confirm({
      title: 'Send statement',
      message: `E-mail ${pledge.email} a statement of this pledge: pledged, gifts received, remaining and Gift Aid status?`,
      confirmLabel: 'Send statement',
      tone: 'primary',
    });
    if (!sure) return;
    statement.mutate(pledge.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: () => toast.error('Error sending the statement. Please try again.'),
    });
  }

  function changeStatus(payment_status: PaymentStatus) {
    update.mutate(
      { id: pledge.id, update: { payment_status } },
      {
        onSuccess: () => toast.success(`Status set to ${STATUS_LABELS[payment_status].label}`),
        onError: () => toast.error('Error updating status'),
      },
    );
  }

  function saveNotes() {
    if (notes.trim() === pledge.admin_notes.trim()) return;
    update.mutate(
      { id: pledge.id, update: { admin_notes: notes } },
      { onSuccess: () => setNotesFailed(false), onError: () => setNotesFailed(true) },
    );
  }

  const money = (amount: string) => formatMoney(amount, pledge.currency);
  const fullyPaid = toPennies(pledge.remaining_balance) <= 0;
  const rows: [string, string][] = [
    ['Email', pledge.email],
    ['Phone', pledge.phone || '—'],
    ['Total pledge', money(pledge.total_pledge)],
    ['Payment type', PAYMENT_TYPE_LABELS[pledge.payment_type]],
    ['Paying now', money(pledge.payment_amount)],
    ['Paid', money(pledge.paid)],
    ['Remaining balance', money(pledge.remaining_balance)],
    ['Payment method', PAYMENT_METHOD_LABELS[pledge.payment_method]],
    ['Pay by', formatDate(pledge.pay_by_date)],
    ['Submitted', formatDateTime(pledge.created_at)],
  ];

  return (
    <Modal open onClose={onClose} title={pledge.full_name} size="lg">
      <div className={styles.details}>
        {pledge.is_overdue && <Badge tone="coral">Overdue</Badge>}
        {pledge.is_behind_schedule && !pledge.is_overdue && <Badge tone="orange">Behind schedule</Badge>}
        {fullyPaid && pledge.payment_status !== 'completed' && (
          <div className={styles.fullyPaid} role="status">
            <span>Fully paid — mark as completed?</span>
            <Button size="sm" disabled={update.isPending} onClick={() => changeStatus('completed')}>
              Mark as completed
            </Button>
          </div>
        )}
        <dl className={`${staffPage.facts} ${styles.facts}`}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {pledge.message && (
          <div>
            <h3 className={styles.subheading}>Message</h3>
            <p className={styles.message}>{pledge.message}</p>
          </div>
        )}
        <PledgeGifts pledge={pledge} />
        <Field label="Status">
          {(control) => (
            <Select
              {...control}
              value={pledge.payment_status}
              disabled={update.isPending}
              onChange={(event) => changeStatus(event.target.value as PaymentStatus)}
            >
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Choice
          type="checkbox"
          label="E-mail the donor before the pay-by date and once if it passes unpaid"
          checked={pledge.reminders_enabled}
          disabled={reminders.isPending}
          onChange={(event) => switchReminders(event.target.checked)}
        />
        <div>
          <Button variant="secondary" size="sm" busy={statement.isPending} onClick={() => void sendStatement()}>
            Send statement
          </Button>
        </div>
        <Field
          label="Admin notes"
          hint="Saved when you leave the box."
          error={notesFailed ? 'The notes could not be saved. Please try again.' : undefined}
        >
          {(control) => (
            <TextArea
              {...control}
              rows={4}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              onBlur={saveNotes}
            />
          )}
        </Field>
      </div>
    </Modal>
  );
}
