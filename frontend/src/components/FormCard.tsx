import type { FormEventHandler, ReactNode } from 'react';
import { SpamTrap } from '../lib/spam-check';
import type { FormOutcome } from '../lib/visitor-forms';
import { Button } from './Button';
import { Alert } from './States';
import styles from './FormCard.module.css';

interface FormCardProps {
  /** The heading's id: the form is named by its heading. */
  titleId: string;
  title: string;
  intro: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  sending: boolean;
  outcome: FormOutcome;
  sendLabel: string;
  /** The hidden field of the form's spam check (`useVisitorForm`'s `spamTrap`). */
  spamTrap: Parameters<typeof SpamTrap>[0];
  children: ReactNode;
}

/** A visitor form in its card: heading and a line of welcome, the fields, then the answer and the send button. */
export function FormCard({
  titleId,
  title,
  intro,
  onSubmit,
  sending,
  outcome,
  sendLabel,
  spamTrap,
  children,
}: FormCardProps) {
  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className={styles.intro}>{intro}</p>
      {children}
      <SpamTrap {...spamTrap} />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <Button type="submit" busy={sending} busyText="Sending..." size="lg" className={styles.submit}>
        {sendLabel}
      </Button>
    </form>
  );
}

/** Two fields side by side where there is room. */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}
