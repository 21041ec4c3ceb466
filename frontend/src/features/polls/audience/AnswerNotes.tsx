import type { ActivePollAnswer } from '@gather/contracts';
import { ApiError } from '../../../lib/api';
import styles from './AudiencePoll.module.css';

/** The poll as a phone shows it, with its own answer and, once revealed, the results. */
export type ShownPoll = NonNullable<ActivePollAnswer['poll']>;

/** Under the answer: that it was taken, and that it can still change. */
export function AnswerTaken({ open }: { open: boolean }) {
  return (
    <p className={styles.taken} role="status">
      {open ? 'Your answer is in. You can change it until the poll closes.' : 'Your answer was counted.'}
    </p>
  );
}

/** Why an answer was not taken: the server's word on the field, or that it can be tried again. A closed poll says so itself. */
export function AnswerError({ error, field }: { error: Error; field: 'choices' | 'text' }) {
  if (error instanceof ApiError && error.status === 409) return null;
  const message = error instanceof ApiError ? (error.fieldErrors?.[field]?.[0] ?? error.detail) : undefined;
  return (
    <p className={styles.error} role="alert">
      {message ?? 'Your answer could not be sent. Please try again.'}
    </p>
  );
}
