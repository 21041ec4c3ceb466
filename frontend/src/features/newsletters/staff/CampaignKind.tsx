import { Choice, ChoiceGroup } from '../../../components/Field';
import type { EmailForm } from './useEmailForm';
import styles from './CampaignKind.module.css';

export const SERVICE_CONFIRMATION = 'This is about something these people asked for, and contains no marketing';
export const SERVICE_NOT_CONFIRMED = `Please confirm: ${SERVICE_CONFIRMATION.charAt(0).toLowerCase()}${SERVICE_CONFIRMATION.slice(1)}.`;

/** "12 people are left out: ..." for a newsletter, whose list shows only those who agreed to it. */
export function leftOutText(count: number): string {
  const people = count === 1 ? '1 person is' : `${count} people are`;
  return `${people} left out: they have not agreed to receive the newsletter`;
}

/**
 * Newsletter or service message. A newsletter goes only to people who agreed to it (PECR); a service
 * message is about something its recipients asked for (a pledge, an event), which the sender confirms.
 */
export function CampaignKindChoice({ form, leftOut }: { form: EmailForm; leftOut: number }) {
  const { kind, serviceConfirmed } = form.state;
  return (
    <section className={styles.kind} aria-label="Kind of message">
      <ChoiceGroup legend="Kind of message" required>
        <Choice
          type="radio"
          name="campaign-kind"
          label="Newsletter"
          checked={kind === 'newsletter'}
          onChange={() => form.update({ kind: 'newsletter', serviceConfirmed: false })}
        />
        <Choice
          type="radio"
          name="campaign-kind"
          label="Service message"
          checked={kind === 'service'}
          onChange={() => form.update({ kind: 'service' })}
        />
      </ChoiceGroup>
      {kind === 'newsletter' && leftOut > 0 && (
        <p className={styles.note} role="status">
          {leftOutText(leftOut)}
        </p>
      )}
      {kind === 'service' && (
        <Choice
          type="checkbox"
          label={SERVICE_CONFIRMATION}
          checked={serviceConfirmed}
          onChange={(event) => form.update({ serviceConfirmed: event.target.checked })}
        />
      )}
    </section>
  );
}

export function ConsentBadge({ consent }: { consent: boolean }) {
  return consent ? (
    <span className={styles.agreed}>Agreed to newsletter</span>
  ) : (
    <span className={styles.none}>No newsletter consent</span>
  );
}
