import {
  MAX_QUESTIONS_DEFAULT,
  QNA_MODERATION_MODES,
  QNA_SESSION_TYPES,
  qnaSessionFormSchema,
  type QnaSession,
} from '@gather/contracts';
import { Choice, Field, Input, Select, TextArea } from '../../../components/Field';
import { FormModal, useAfterSave } from '../../../components/FormModal';
import styles from '../../../components/FormModal.module.css';
import { useSchemaForm } from '../../../lib/forms';
import { useSaveQnaSession } from './api';

export const SESSION_TYPE_LABELS = { live: 'Live', webinar: 'Webinar', meeting: 'Meeting', conference: 'Conference' };

export const MODERATION_LABELS = {
  open: 'Open: questions go live at once',
  filter: 'Filter: hold questions with bad words for review',
  review: 'Review: every question waits for approval',
};

/** Add (no `session`) or edit a Q&A session; mounted afresh each time it opens. */
export function QnaSessionFormModal({ session, onClose }: { session?: QnaSession; onClose: () => void }) {
  const form = useSchemaForm(qnaSessionFormSchema, {
    title: session?.title ?? '',
    description: session?.description ?? '',
    type: session?.type ?? 'live',
    max_questions: session?.max_questions ?? MAX_QUESTIONS_DEFAULT,
    is_active: session?.is_active ?? true,
    moderation: session?.moderation ?? 'open',
    filter_words: session?.filter_words.join(', ') ?? '',
  });
  const save = useSaveQnaSession();
  const afterSave = useAfterSave(form.setError, onClose);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: session?.id, session: values },
      afterSave(
        session ? 'Q&A session updated successfully!' : 'Q&A session created successfully!',
        'Error saving Q&A session. Please try again.',
      ),
    ),
  );

  return (
    <FormModal
      id="qna-session-form"
      title={session ? 'Edit Q&A Session' : 'Create Q&A Session'}
      saveLabel={session ? 'Update Session' : 'Create Session'}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Title" error={errors.title?.message} required className={styles.wide}>
        {(control) => <Input {...control} {...form.register('title')} />}
      </Field>
      <Field label="Description" error={errors.description?.message} required className={styles.wide}>
        {(control) => <TextArea {...control} {...form.register('description')} />}
      </Field>
      <Field label="Type" error={errors.type?.message} required>
        {(control) => (
          <Select {...control} {...form.register('type')}>
            {QNA_SESSION_TYPES.map((type) => (
              <option key={type} value={type}>
                {SESSION_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Maximum questions" error={errors.max_questions?.message}>
        {(control) => (
          <Input
            {...control}
            type="number"
            min={1}
            step={1}
            placeholder={String(MAX_QUESTIONS_DEFAULT)}
            {...form.register('max_questions')}
          />
        )}
      </Field>
      <Field label="Moderation" error={errors.moderation?.message} className={styles.wide}>
        {(control) => (
          <Select {...control} {...form.register('moderation')}>
            {QNA_MODERATION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {MODERATION_LABELS[mode]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Words to hold for review"
        hint="Separated by commas, beside the common bad words the filter already knows."
        error={errors.filter_words?.message}
        className={styles.wide}
      >
        {(control) => <TextArea {...control} rows={2} {...form.register('filter_words')} />}
      </Field>
      <div className={styles.switches}>
        <Choice type="checkbox" label="Active (accepting questions)" {...form.register('is_active')} />
      </div>
    </FormModal>
  );
}
