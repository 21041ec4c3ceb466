import type { AuthenticatorSetup as Setup } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input } from '../../../components/Field';
import { ApiError } from '../../../lib/api';
import { useConfirmAuthenticator, useStartAuthenticator } from '../second-factor-api';
import styles from './Security.module.css';

/** Scan the QR code (or type the secret), then confirm with a first code: only then does the app count. */
export function AuthenticatorSetup({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const start = useStartAuthenticator();
  const [setup, setSetup] = useState<Setup>();
  const confirm = useConfirmAuthenticator((added) => {
    setSetup(undefined);
    if (added.recovery_codes) onRecoveryCodes(added.recovery_codes);
  });
  const [code, setCode] = useState('');
  const error =
    confirm.error instanceof ApiError ? (confirm.error.fieldErrors?.code?.[0] ?? confirm.error.detail) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };

  if (!setup) {
    return (
      <div>
        <Button
          busy={start.isPending}
          busyText="Starting..."
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          Set up an authenticator app
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className={styles.card}>
      <p className={styles.muted}>
        Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or
        type the key below into it.
      </p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_code_svg)}`}
        alt="QR code for your authenticator app"
      />
      <p className={styles.muted}>
        Key:{' '}
        <span className={styles.secret} data-testid="authenticator-secret">
          {setup.secret}
        </span>
      </p>
      <Field label="Code from the app" error={error} required>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        )}
      </Field>
      <div>
        <Button type="submit" busy={confirm.isPending} busyText="Checking...">
          Confirm
        </Button>
      </div>
    </form>
  );
}
