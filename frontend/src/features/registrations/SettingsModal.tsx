import { MAX_PARTY_LIMIT, MAX_QUESTIONS, type RegistrationSettings } from '@gather/contracts';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Choice, Field, Input, Select, TextArea } from '../../components/Field';
import { FormModal, useAfterSave } from '../../components/FormModal';
import formStyles from '../../components/FormModal.module.css';
import { useSaveRegistrationSettings } from './api';
import { newQuestion, settingsPayload, settingsValues, type SettingsValues } from './sign-up-settings';
import styles from './SignUpsPage.module.css';

const KIND_LABELS = { text: 'Short text', choice: 'Choice', yes_no: 'Yes or no' } as const;

/** Turn an event's sign-ups on or off and set its places, times, party size and questions. */
export function SettingsModal({
  eventId,
  settings,
  onClose,
}: {
  eventId: number;
  settings: RegistrationSettings;
  onClose: () => void;
}) {
  // The server checks the form: its messages, in its words, go under the fields.
  const form = useForm<SettingsValues>({ defaultValues: settingsValues(settings) });
  // Its own key for each row: a question's `id` is data (its answers are kept under it), not a React key.
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const save = useSaveRegistrationSettings(eventId);
  const afterSave = useAfterSave(form.setError, onClose);
  const { errors } = form.formState;
  const kinds = form.watch('questions');

  const submit = form.handleSubmit((values) =>
    save.mutate(
      settingsPayload(values),
      afterSave('Sign-ups saved.', 'Could not save the sign-ups. Please try again.'),
    ),
  );

  return (
    <FormModal
      id="sign-up-settings"
      size="lg"
      title="Sign-ups"
      saveLabel="Save sign-ups"
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={formStyles.switches}>
        <Choice type="checkbox" label="Take sign-ups for this event" {...form.register('enabled')} />
        <Choice type="checkbox" label="Keep a waiting list when full" {...form.register('waitlist')} />
      </div>
      <Field label="Places" error={errors.capacity?.message} hint="How many people may come in all" required>
        {(control) => <Input {...control} type="number" min={1} step={1} {...form.register('capacity')} />}
      </Field>
      <Field
        label="People per sign-up"
        error={errors.max_party?.message}
        hint={`How many one person may bring, themselves included (1 to ${MAX_PARTY_LIMIT})`}
      >
        {(control) => (
          <Input {...control} type="number" min={1} max={MAX_PARTY_LIMIT} step={1} {...form.register('max_party')} />
        )}
      </Field>
      <Field label="Sign-ups open" error={errors.opens_at?.message} hint="Empty: open now">
        {(control) => <Input {...control} type="datetime-local" step={60} {...form.register('opens_at')} />}
      </Field>
      <Field label="Sign-ups close" error={errors.closes_at?.message} hint="Empty: open until the event">
        {(control) => <Input {...control} type="datetime-local" step={60} {...form.register('closes_at')} />}
      </Field>
      <Field
        label="Hours to accept a place"
        error={errors.accept_hours?.message}
        hint="How long someone moved off the waiting list has to take their place"
      >
        {(control) => <Input {...control} type="number" min={1} step={1} {...form.register('accept_hours')} />}
      </Field>
      <fieldset className={`${formStyles.wide} ${styles.questions}`}>
        <legend>Questions</legend>
        {errors.questions?.message && (
          <p className={styles.problem} role="alert">
            {errors.questions.message}
          </p>
        )}
        {questions.fields.map((question, index) => {
          const problems = errors.questions?.[index];
          return (
            <div key={question.key} className={styles.question}>
              <Field label={`Question ${index + 1}`} error={problems?.label?.message} className={styles.questionLabel}>
                {(control) => <Input {...control} {...form.register(`questions.${index}.label`)} />}
              </Field>
              <Field label="Answered by" error={problems?.kind?.message}>
                {(control) => (
                  <Select {...control} {...form.register(`questions.${index}.kind`)}>
                    {Object.entries(KIND_LABELS).map(([kind, label]) => (
                      <option key={kind} value={kind}>
                        {label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              {kinds[index]?.kind === 'choice' && (
                <Field
                  label="Answers to choose from"
                  hint="One to a line"
                  error={problems?.choices?.message}
                  className={styles.questionLabel}
                >
                  {(control) => <TextArea {...control} rows={3} {...form.register(`questions.${index}.choices`)} />}
                </Field>
              )}
              <div className={styles.questionEnd}>
                <Choice type="checkbox" label="Required" {...form.register(`questions.${index}.required`)} />
                <Button size="sm" variant="quietDanger" onClick={() => questions.remove(index)}>
                  Remove question {index + 1}
                </Button>
              </div>
            </div>
          );
        })}
        {questions.fields.length < MAX_QUESTIONS && (
          <Button size="sm" variant="secondary" onClick={() => questions.append(newQuestion())}>
            Add a question
          </Button>
        )}
      </fieldset>
    </FormModal>
  );
}
