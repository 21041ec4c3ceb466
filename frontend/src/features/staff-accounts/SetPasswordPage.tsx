import { setPasswordWithLinkSchema } from '@gather/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { Alert } from '../../components/States';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors, useSchemaForm } from '../../lib/forms';
import { useSetPasswordWithLink } from './api';
import { NEW_PASSWORD_HINT } from './password-hint';
import styles from './SetPasswordPage.module.css';

/** Where an e-mailed link lands: the new staff member (or one who forgot) chooses a password, once. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const setPassword = useSetPasswordWithLink();
  const form = useSchemaForm(setPasswordWithLinkSchema, { token: params.get('token') ?? '', password: '' }, 'onSubmit');
  const { errors } = form.formState;
  const refusal = setPassword.error instanceof ApiError ? setPassword.error.fieldErrors?.token?.[0] : undefined;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="set-password-title">
        <h1 id="set-password-title" className={styles.title}>
          Set your password
        </h1>
        {setPassword.isSuccess ? (
          <Alert tone="success">
            Your password is set. <Link to="/admin/login">Sign in</Link>
          </Alert>
        ) : (
          <>
            {(refusal ?? errors.token?.message) && <Alert>{refusal ?? errors.token?.message}</Alert>}
            {setPassword.isError && !refusal && !errors.password && (
              <Alert>Could not set your password. Please try again.</Alert>
            )}
            <form
              onSubmit={form.handleSubmit((request) =>
                // A refused password (too common, or holding a name) is said beside its field.
                setPassword.mutate(request, { onError: (error) => void showServerFieldErrors(form.setError, error) }),
              )}
              noValidate
              className={styles.form}
            >
              <Field label="New password" error={errors.password?.message} hint={NEW_PASSWORD_HINT} required>
                {(control) => (
                  <Input
                    {...control}
                    {...form.register('password')}
                    type="password"
                    autoComplete="new-password"
                    autoFocus
                  />
                )}
              </Field>
              <Button type="submit" block busy={setPassword.isPending} busyText="Saving...">
                Set password
              </Button>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
