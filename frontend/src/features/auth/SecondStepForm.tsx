import type { SecondStepNeeded, StaffUser } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { Alert } from '../../components/States';
import { ApiError } from '../../lib/api';
import { useSecondStep } from './second-factor-api';
import styles from './LoginPage.module.css';

const UNAVAILABLE = 'Authentication service unavailable. Please try again later.';

function failure(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? UNAVAILABLE;
  // The browser's passkey prompt was closed or timed out.
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey prompt was closed. Please try again.';
  return UNAVAILABLE;
}

/** After a right password: the code from the authenticator app, a recovery code, or a passkey. */
export function SecondStepForm({
  step,
  onSignedIn,
}: {
  step: SecondStepNeeded['second_step'];
  onSignedIn: (user: StaffUser) => void;
}) {
  const { withCode, withPasskey } = useSecondStep(step);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const error = withCode.error ?? withPasskey.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!code.trim());
    if (code.trim()) withCode.mutate(code.trim(), { onSuccess: onSignedIn });
  };

  return (
    <>
      <p className={styles.lead}>Two-step sign-in: prove it is you with your phone or passkey.</p>
      {error && <Alert>{failure(error)}</Alert>}
      {step.methods.includes('passkey') && (
        <Button
          type="button"
          block
          size="lg"
          busy={withPasskey.isPending}
          busyText="Waiting for your passkey..."
          onClick={() => withPasskey.mutate(undefined, { onSuccess: onSignedIn })}
        >
          Use a passkey
        </Button>
      )}
      {step.methods.includes('authenticator') && (
        <form onSubmit={submit} noValidate className={styles.form}>
          <Field
            label="Code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            error={missing ? 'Enter the code from your authenticator app or a recovery code' : undefined}
            required
          >
            {(control) => (
              <Input
                {...control}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
              />
            )}
          </Field>
          <Button
            type="submit"
            block
            size="lg"
            variant={step.methods.includes('passkey') ? 'secondary' : undefined}
            busy={withCode.isPending}
            busyText="Checking..."
          >
            Verify
          </Button>
        </form>
      )}
    </>
  );
}
