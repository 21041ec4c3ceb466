import { useForm } from 'react-hook-form';
import { Field, Input, TextArea } from '../../components/Field';
import { FormModal } from '../../components/FormModal';
import formStyles from '../../components/FormModal.module.css';
import { useToast } from '../../components/Toast';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/forms';
import { useEmailSignedUp } from './api';

/** One message to everyone holding a place, sent through Send Emails as a service message (no consent needed). */
export function EmailModal({
  eventId,
  eventTitle,
  onClose,
}: {
  eventId: number;
  eventTitle: string;
  onClose: () => void;
}) {
  const form = useForm({ defaultValues: { subject: eventTitle, content: '' } });
  const send = useEmailSignedUp(eventId);
  const toast = useToast();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onClose();
      },
      onError: (error) => {
        if (showServerFieldErrors(form.setError, error)) return;
        toast.error(error instanceof ApiError && error.detail ? error.detail : 'Could not send. Please try again.');
      },
    }),
  );

  return (
    <FormModal
      id="email-signed-up"
      title="E-mail everyone signed up"
      saveLabel="Send"
      saving={send.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Subject" error={errors.subject?.message} required className={formStyles.wide}>
        {(control) => <Input {...control} {...form.register('subject')} />}
      </Field>
      <Field
        label="Message"
        error={errors.content?.message}
        required
        className={formStyles.wide}
        hint="Sent to everyone holding a place, once per address"
      >
        {(control) => <TextArea {...control} rows={8} {...form.register('content')} />}
      </Field>
    </FormModal>
  );
}
