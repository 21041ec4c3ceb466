import { MAX_QUESTIONS_DEFAULT, QNA_SESSION_TYPES, qnaSessionFormSchema, type QnaSession } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { Choice, Field, Input, Select, TextArea } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { showServerFieldErrors, useSchemaForm } from '../../../lib/forms';
import { sectionStyles as styles } from '../../dashboard/StaffSection';
import { useSaveQnaSession } from './api';

export const SESSION_TYPE_LABELS = { live: 'Live', webinar: 'Webinar', meeting: 'Meeting', conference: 'Conference' };

/** Add (no `session`) or edit a Q&A session; mounted afresh each time it opens. */
export function QnaSessionFormModal({ session, onClose }: { session?: QnaSession; onClose: () => void }) {
  const form = useSchemaForm(qnaSessionFormSchema, {
    title: session?.title ?? '',
    description: session?.description ?? '',
    type: session?.type ?? 'live',
    max_questions: session?.max_questions ?? MAX_QUESTIONS_DEFAULT,
    is_active: session?.is_active ?? true,
  });
  const save = useSaveQnaSession();
  const toast = useToast();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: session?.id, session: values },
      {
        onSuccess: () => {
          toast.success(session ? 'Q&A session updated successfully!' : 'Q&A session created successfully!');
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form.setError, error)) toast.error('Error saving Q&A session. Please try again.');
        },
      },
    ),
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={session ? 'Edit Q&A Session' : 'Create Q&A Session'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="qna-session-form" busy={save.isPending} busyText="Saving...">
            {session ? 'Update Session' : 'Create Session'}
          </Button>
        </>
      }
    >
      <form id="qna-session-form" onSubmit={submit} noValidate className={styles.form}>
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
        <div className={styles.switches}>
          <Choice type="checkbox" label="Active (accepting questions)" {...form.register('is_active')} />
        </div>
      </form>
    </Modal>
  );
}
