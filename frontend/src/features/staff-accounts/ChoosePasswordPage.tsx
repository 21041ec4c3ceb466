import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Alert } from '../../components/States';
import { showServerFieldErrors } from '../../lib/forms';
import { queryKeys } from '../../lib/query-keys';
import { useChangeMyPassword } from './api';
import { MyPasswordFields, useMyPasswordForm } from './MyPasswordFields';
import styles from './SetPasswordPage.module.css';

/** After signing in with a one-time password: the staff member chooses their own before anything else. */
export function ChoosePasswordPage() {
  const change = useChangeMyPassword();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useMyPasswordForm();
  const { errors } = form.formState;

  const submit = form.handleSubmit((passwords) =>
    change.mutate(passwords, {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() });
        void navigate('/admin/dashboard', { replace: true });
      },
      onError: (error) => void showServerFieldErrors(form.setError, error),
    }),
  );

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="choose-password-title">
        <h1 id="choose-password-title" className={styles.title}>
          Choose your password
        </h1>
        <p>You signed in with a one-time password. Choose your own to go on to the console.</p>
        {change.isError && !Object.keys(errors).length && (
          <Alert>Could not change your password. Please try again.</Alert>
        )}
        <form onSubmit={submit} noValidate className={styles.form}>
          <MyPasswordFields form={form} currentLabel="One-time password" autoFocus />
          <Button type="submit" block busy={change.isPending} busyText="Saving...">
            Save and continue
          </Button>
        </form>
      </section>
    </main>
  );
}
