import { TEST_SEND_LIMIT } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { useSendTest } from './api';
import { isValidEmail } from './recipients';

/** Sends the message, as its first recipient gets it, to a few staff addresses; nobody else gets anything. */
export function TestSendModal({
  campaignId,
  defaultAddress,
  onClose,
}: {
  campaignId: number;
  defaultAddress: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const send = useSendTest();
  const [typed, setTyped] = useState(defaultAddress);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const emails = typed
      .split(/[,\n]/)
      .map((email) => email.trim())
      .filter(Boolean);
    const invalid = emails.find((email) => !isValidEmail(email));
    if (emails.length === 0) return setError('Enter at least one address for the test.');
    if (invalid) return setError(`Please enter a valid email address: ${invalid}`);
    if (emails.length > TEST_SEND_LIMIT) return setError(`A test goes to at most ${TEST_SEND_LIMIT} addresses.`);
    setError(undefined);
    try {
      await send.mutateAsync({ campaignId, emails });
      toast.success(`Test email on its way to ${emails.join(', ')}`);
      onClose();
    } catch (failure) {
      const detail = failure instanceof ApiError ? (failure.detail ?? failure.fieldErrors?.emails?.[0]) : undefined;
      toast.error(detail ?? 'Error sending the test email. Please try again.');
    }
  }

  return (
    <Modal open onClose={onClose} title="Send a test" size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Send a test to"
          hint={`Up to ${TEST_SEND_LIMIT} addresses, separated by commas. Only these get the test.`}
          error={error}
        >
          {(control) => <Input {...control} value={typed} onChange={(event) => setTyped(event.target.value)} />}
        </Field>
        <Button type="submit" busy={send.isPending} busyText="Sending...">
          Send test
        </Button>
      </form>
    </Modal>
  );
}
