import { useState } from 'react';
import type { TestEmailRequest } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Choice, ChoiceGroup } from '../../components/Field';
import { Alert } from '../../components/States';
import { ApiError } from '../../lib/api';
import { useSendTestEmail } from './api';
import styles from './SettingsSection.module.css';

const RECIPIENTS: Array<{ value: TestEmailRequest['to']; label: string }> = [
  { value: 'me', label: 'Me (my staff account’s address)' },
  { value: 'contact', label: 'The church’s contact address' },
  { value: 'notify', label: 'The office’s notification address' },
];

/** Sends a test e-mail through the site's mail server at once, and shows the server's own answer. */
export function TestEmail() {
  const [to, setTo] = useState<TestEmailRequest['to']>('me');
  const send = useSendTestEmail();
  const refused = send.error instanceof ApiError ? (send.error.fieldErrors?.to?.[0] ?? send.error.detail) : undefined;
  return (
    <section className={styles.card} aria-labelledby="test-email-title">
      <h3 id="test-email-title" className={styles.cardTitle}>
        Mail check
      </h3>
      <p className={styles.muted}>
        Sends one e-mail now through the site’s mail server and shows what the server answered. It goes only to you or
        to the church’s own addresses.
      </p>
      <ChoiceGroup legend="Send the test e-mail to">
        {RECIPIENTS.map((recipient) => (
          <Choice
            key={recipient.value}
            type="radio"
            name="test-email-to"
            label={recipient.label}
            checked={to === recipient.value}
            onChange={() => setTo(recipient.value)}
          />
        ))}
      </ChoiceGroup>
      <Button
        type="button"
        variant="secondary"
        busy={send.isPending}
        busyText="Sending..."
        onClick={() => send.mutate({ to })}
      >
        Send a test e-mail
      </Button>
      {send.data && (
        <Alert tone={send.data.ok ? 'success' : 'error'}>
          {send.data.ok ? `Sent to ${send.data.to}. The mail server answered: ` : `Not sent to ${send.data.to}. `}
          <span className={styles.reply}>{send.data.server_reply}</span>
        </Alert>
      )}
      {send.isError && <Alert>{refused ?? 'The test e-mail could not be asked for. Please try again.'}</Alert>}
    </section>
  );
}
