import type { RegistrationSettings } from '@gather/contracts';
import { useForm } from 'react-hook-form';
import { Field, Input, Select } from '../../components/Field';
import { FormModal, useAfterSave } from '../../components/FormModal';
import formStyles from '../../components/FormModal.module.css';
import { useAddRegistration } from './api';

interface AddValues {
  name: string;
  email: string;
  party: string;
  /** Every answer as its input holds it; yes/no as 'yes', 'no' or unanswered. */
  answers: Record<string, string>;
}

/** Staff add someone by hand (a phone call, a paper form): a place if one is free, else the waiting list. */
export function AddPersonModal({
  eventId,
  settings,
  onClose,
}: {
  eventId: number;
  settings: RegistrationSettings;
  onClose: () => void;
}) {
  const form = useForm<AddValues>({ defaultValues: { name: '', email: '', party: '1', answers: {} } });
  const add = useAddRegistration(eventId);
  const afterSave = useAfterSave(form.setError, onClose);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const answers: Record<string, string | boolean> = {};
    for (const question of settings.questions) {
      const typed = values.answers[question.id] ?? '';
      if (typed === '') continue;
      answers[question.id] = question.kind === 'yes_no' ? typed === 'yes' : typed;
    }
    const body = { name: values.name, email: values.email, party: Number(values.party), answers };
    add.mutate(body, afterSave('Signed up.', 'Could not sign them up. Please try again.'));
  });

  return (
    <FormModal
      id="add-sign-up"
      title="Add someone"
      saveLabel="Sign up"
      saving={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" error={errors.name?.message} required>
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message} required>
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
      </Field>
      <Field label="People" error={errors.party?.message} hint={`At most ${settings.max_party}`}>
        {(control) => (
          <Input {...control} type="number" min={1} max={settings.max_party} step={1} {...form.register('party')} />
        )}
      </Field>
      {settings.questions.map((question) => (
        <Field
          key={question.id}
          label={question.label}
          required={question.required}
          error={errors.answers?.[question.id]?.message}
          className={question.kind === 'text' ? formStyles.wide : undefined}
        >
          {(control) =>
            question.kind === 'text' ? (
              <Input {...control} {...form.register(`answers.${question.id}`)} />
            ) : (
              <Select {...control} {...form.register(`answers.${question.id}`)}>
                <option value="">Not answered</option>
                {(question.kind === 'choice' ? question.choices : ['yes', 'no']).map((choice) => (
                  <option key={choice} value={choice}>
                    {question.kind === 'choice' ? choice : choice === 'yes' ? 'Yes' : 'No'}
                  </option>
                ))}
              </Select>
            )
          }
        </Field>
      ))}
    </FormModal>
  );
}
