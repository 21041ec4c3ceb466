import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import type { Proof } from '../second-factor-api';

/** Removing a factor or replacing recovery codes: the current password, or a code, proves it is really them. */
export function ProofModal({
  title,
  action,
  busy,
  error,
  onProof,
  onClose,
}: {
  title: string;
  action: string;
  busy: boolean;
  error: unknown;
  onProof: (proof: Proof) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const problem =
    error instanceof ApiError ? (error.fieldErrors?.password?.[0] ?? error.detail) : error ? 'Please try again.' : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onProof(password ? { password } : { code });
  };
  return (
    <Modal open onClose={onClose} title={title} size="sm">
      <form onSubmit={submit} noValidate>
        <Field label="Current password" error={problem || undefined}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <Field label="Or a code" hint="From your authenticator app, or a recovery code.">
          {(control) => (
            <Input
              {...control}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={busy} busyText="Checking...">
          {action}
        </Button>
      </form>
    </Modal>
  );
}
