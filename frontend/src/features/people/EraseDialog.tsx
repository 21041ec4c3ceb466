import type { PersonErased } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { useErasePerson } from './api';

/** Erasing cannot be undone, so staff type the address to confirm it is the one they mean. */
export function EraseDialog({
  email,
  open,
  onClose,
  onErased,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
  onErased: (answer: PersonErased) => void;
}) {
  const [typed, setTyped] = useState('');
  const erase = useErasePerson();
  const toast = useToast();
  const matches = typed.trim().toLowerCase() === email;

  async function confirm() {
    try {
      onErased(await erase.mutateAsync(email));
      setTyped('');
    } catch {
      toast.error('Could not erase this person. Nothing was changed; please try again.');
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Erase this person"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" disabled={!matches} busy={erase.isPending} busyText="Erasing..." onClick={confirm}>
            Erase
          </Button>
        </>
      }
    >
      <p>
        Everything about <strong>{email}</strong> is removed or anonymised, and this cannot be undone. Gift and pledge
        amounts and dates are kept without the person, as Gift Aid requires. Photos they uploaded stay, without their
        name, until you delete them.
      </p>
      <Field label="Type the address to confirm">
        {(control) => <Input {...control} value={typed} onChange={(event) => setTyped(event.target.value)} />}
      </Field>
    </Modal>
  );
}
