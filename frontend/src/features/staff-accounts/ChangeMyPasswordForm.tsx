import { changeMyPasswordSchema } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { useToast } from '../../components/Toast';
import { showServerFieldErrors, useSchemaForm } from '../../lib/forms';
import { useChangeMyPassword } from './api';
import { NEW_PASSWORD_HINT } from './password-hint';
import styles from './StaffAccountsSection.module.css';

export function ChangeMyPasswordForm() {
  const change = useChangeMyPassword();
  const toast = useToast();
  const form = useSchemaForm(changeMyPasswordSchema, { current_password: '', new_password: '' }, 'onSubmit');
  const { errors } = form.formState;

  const submit = form.handleSubmit((passwords) =>
    change.mutate(passwords, {
      onSuccess: () => {
        form.reset();
        toast.success('Password changed. You stay signed in here; other devices are signed out.');
      },
      onError: (error) => {
        if (!showServerFieldErrors(form.setError, error))
          toast.error('Could not change your password. Please try again.');
      },
    }),
  );

  return (
    <section className={styles.card} aria-labelledby="change-my-password">
      <h2 id="change-my-password" className={styles.heading}>
        Change my password
      </h2>
      <form onSubmit={submit} noValidate className={styles.passwordForm}>
        <Field label="Current password" error={errors.current_password?.message} required>
          {(control) => (
            <Input
              {...control}
              {...form.register('current_password')}
              type="password"
              autoComplete="current-password"
            />
          )}
        </Field>
        <Field label="New password" error={errors.new_password?.message} hint={NEW_PASSWORD_HINT} required>
          {(control) => (
            <Input {...control} {...form.register('new_password')} type="password" autoComplete="new-password" />
          )}
        </Field>
        <div>
          <Button type="submit" busy={change.isPending} busyText="Saving...">
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
