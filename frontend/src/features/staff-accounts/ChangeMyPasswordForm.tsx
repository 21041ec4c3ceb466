import { Button } from '../../components/Button';
import { useToast } from '../../components/Toast';
import { showServerFieldErrors } from '../../lib/forms';
import { useChangeMyPassword } from './api';
import { MyPasswordFields, useMyPasswordForm } from './MyPasswordFields';
import styles from './StaffAccountsSection.module.css';

export function ChangeMyPasswordForm() {
  const change = useChangeMyPassword();
  const toast = useToast();
  const form = useMyPasswordForm();

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
        <MyPasswordFields form={form} currentLabel="Current password" />
        <div>
          <Button type="submit" busy={change.isPending} busyText="Saving...">
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
