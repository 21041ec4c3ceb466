import { FORM_THANKS } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { Alert } from '../../components/States';
import { SpamTrap } from '../../lib/spam-check';
import { useVisitorForm } from '../../lib/visitor-forms';
import { subscribeToNewsletter } from './api';
import styles from './NewsletterSignup.module.css';

export const NEWSLETTER_FAILURE = 'Error subscribing to newsletter. Please try again.';

export function NewsletterForm() {
  const { form, onSubmit, sending, outcome, spamTrap } = useVisitorForm(
    () => import('@gather/contracts').then((contracts) => contracts.newsletterSubscriptionSchema),
    { email: '' },
    { send: subscribeToNewsletter, thanks: FORM_THANKS.newsletter, failure: NEWSLETTER_FAILURE },
  );

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="Email address" error={form.formState.errors.email?.message} required className={styles.field}>
          {(control) => (
            <Input
              {...control}
              {...form.register('email')}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
            />
          )}
        </Field>
        <SpamTrap {...spamTrap} />
        <Button type="submit" busy={sending} busyText="Sending..." className={styles.submit}>
          Subscribe
        </Button>
      </form>
      {outcome && (
        <div className={styles.outcome}>
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      )}
    </>
  );
}
