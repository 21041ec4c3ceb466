import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { churchTimeToInstant } from '../../../lib/church-time';
import styles from './EmailsSection.module.css';

/** A date and time on the church's clock (London), sent as an instant with its offset. */
export function ScheduleModal({
  busy,
  onSchedule,
  onClose,
}: {
  busy: boolean;
  onSchedule: (sendAt: string) => void;
  onClose: () => void;
}) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!date || !time) return setError('Enter a date and time.');
    const sendAt = churchTimeToInstant(date, time);
    if (new Date(sendAt).getTime() <= Date.now()) return setError('Choose a time in the future.');
    setError(undefined);
    onSchedule(sendAt);
  }

  return (
    <Modal open onClose={onClose} title="Schedule email" size="sm">
      <form onSubmit={submit} noValidate className={styles.stack}>
        <p>Times are London time (Europe/London), summer time included.</p>
        <div className={styles.row}>
          <Field label="Date" required>
            {(control) => <Input {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
          </Field>
          <Field label="Time" required error={error}>
            {(control) => <Input {...control} type="time" value={time} onChange={(e) => setTime(e.target.value)} />}
          </Field>
        </div>
        <Button type="submit" busy={busy} busyText="Scheduling...">
          Schedule
        </Button>
      </form>
    </Modal>
  );
}
