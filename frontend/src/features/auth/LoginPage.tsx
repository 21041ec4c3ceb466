import { loginSchema, type StaffUser } from '@gather/contracts';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Choice, Field, Input } from '../../components/Field';
import { Alert, LoadingState } from '../../components/States';
import { ApiError } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms';
import { useLogin, useStaffUser } from './api';
import { afterLoginPath } from './login-redirect';
import { SECURITY_PATH } from './paths';
import { SecondStepForm } from './SecondStepForm';
import styles from './LoginPage.module.css';

const INVALID = 'Invalid credentials. Please check your username and password.';
const UNAVAILABLE = 'Authentication service unavailable. Please try again later.';

function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return INVALID;
  // Too many attempts: the server's sentence says how long to wait.
  if (error instanceof ApiError && error.status === 429) return error.detail ?? UNAVAILABLE;
  if (error instanceof ApiError && error.status === 400) return error.detail ?? INVALID;
  return UNAVAILABLE;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const destination = afterLoginPath(params.get('next'));
  const navigate = useNavigate();
  const user = useStaffUser();
  const login = useLogin();
  const [passwordShown, setPasswordShown] = useState(false);
  const form = useSchemaForm(loginSchema, { username: '', password: '', remember: false }, 'onSubmit');
  const { errors } = form.formState;

  if (user.isPending) return <LoadingState />;
  if (user.data && !login.isSuccess) return <Navigate to="/admin/dashboard" replace />;

  // An account that must first set up a second factor may only do that.
  const signedIn = (signedInUser: StaffUser) =>
    navigate(signedInUser.must_enrol ? SECURITY_PATH : destination, { replace: true });
  const submit = form.handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: (answer) => {
        if (!('second_step' in answer)) signedIn(answer);
      },
    }),
  );
  const secondStep = login.data && 'second_step' in login.data ? login.data.second_step : undefined;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <p className={styles.eyebrow}>Gather</p>
        <h1 id="login-title" className={styles.title}>
          Staff Sign In
        </h1>
        {secondStep && <SecondStepForm step={secondStep} onSignedIn={signedIn} />}
        {!secondStep && <p className={styles.lead}>Sign in to manage the church website.</p>}
        {login.isError && <Alert>{loginFailure(login.error)}</Alert>}
        {!secondStep && (
          <form onSubmit={submit} noValidate className={styles.form}>
            <Field label="Username" error={errors.username?.message} required>
              {(control) => <Input {...control} {...form.register('username')} autoComplete="username" autoFocus />}
            </Field>
            <Field label="Password" error={errors.password?.message} required>
              {(control) => (
                <div className={styles.password}>
                  <Input
                    {...control}
                    {...form.register('password')}
                    type={passwordShown ? 'text' : 'password'}
                    autoComplete="current-password"
                  />
                  <button
                    type="button"
                    className={styles.toggle}
                    aria-pressed={passwordShown}
                    aria-label="Show password"
                    onClick={() => setPasswordShown((shown) => !shown)}
                  >
                    {passwordShown ? 'Hide' : 'Show'}
                  </button>
                </div>
              )}
            </Field>
            <Choice type="checkbox" label="Remember me" {...form.register('remember')} />
            <Button type="submit" block size="lg" busy={login.isPending} busyText="Signing in...">
              Sign In
            </Button>
          </form>
        )}
      </section>
    </main>
  );
}
