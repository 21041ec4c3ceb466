import type { Passkey } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input } from '../../../components/Field';
import { Alert } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useAddPasskey } from '../second-factor-api';
import styles from './Security.module.css';

/** Passkeys: this phone's or computer's own sign-in (fingerprint, face, PIN), the easier second factor. */
export function PasskeysCard({
  passkeys,
  onRemove,
  onRecoveryCodes,
}: {
  passkeys: Passkey[];
  onRemove: (passkey: Passkey) => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const [name, setName] = useState('');
  const add = useAddPasskey((added) => {
    setName('');
    if (added.recovery_codes) onRecoveryCodes(added.recovery_codes);
  });
  const [missing, setMissing] = useState(false);
  const problem =
    add.error instanceof ApiError
      ? (add.error.fieldErrors?.name?.[0] ?? add.error.detail)
      : add.error
        ? 'The passkey was not added: the prompt was closed or this device cannot make one.'
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!name.trim());
    if (!name.trim()) return;
    add.mutate(name.trim());
  };

  return (
    <section className={styles.card} aria-labelledby="passkeys">
      <h2 id="passkeys" className={styles.heading}>
        Passkeys
      </h2>
      <p className={styles.muted}>
        The easiest choice: sign in with this device's fingerprint, face or PIN. Add one on each device you use.
      </p>
      {passkeys.length > 0 && (
        <ul className={styles.list} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className={styles.row}>
              <span>
                <strong>{passkey.name}</strong>{' '}
                <span className={styles.muted}>
                  added {formatDate(passkey.created_at)}
                  {passkey.last_used_at && `, last used ${formatDate(passkey.last_used_at)}`}
                </span>
              </span>
              <Button variant="quietDanger" size="sm" onClick={() => onRemove(passkey)}>
                Remove {passkey.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && <Alert>{problem}</Alert>}
      <form onSubmit={submit} noValidate className={styles.row}>
        <Field
          label="Passkey name"
          hint="Which device, e.g. “My phone”."
          error={missing ? 'Give this passkey a name' : undefined}
        >
          {(control) => (
            <Input {...control} value={name} onChange={(event) => setName(event.target.value)} maxLength={80} />
          )}
        </Field>
        <Button type="submit" busy={add.isPending} busyText="Waiting for your device...">
          Add a passkey
        </Button>
      </form>
    </section>
  );
}
