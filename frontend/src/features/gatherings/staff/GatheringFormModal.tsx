import { GATHERING_LIMITS, gatheringRequestSchema, type Gathering } from '@gather/contracts';
import { Field, Input, Select, TextArea } from '../../../components/Field';
import { FormModal, useAfterSave } from '../../../components/FormModal';
import { Modal } from '../../../components/Modal';
import { LoadingState } from '../../../components/States';
import styles from '../../../components/FormModal.module.css';
import { useSchemaForm } from '../../../lib/forms';
import { useLinkChoices, useSaveGathering } from './api';

interface GatheringFormProps {
  gathering?: Gathering;
  onClose: () => void;
}

/**
 * Add (no `gathering`) or edit a gathering; mounted afresh each time it opens. The form waits for the lists it
 * chooses from: a select drawn before its options would show "None" for a gathering that has a link.
 */
export function GatheringFormModal({ gathering, onClose }: GatheringFormProps) {
  const choices = useLinkChoices();
  if (!choices.settled) {
    return (
      <Modal open onClose={onClose} title={gathering ? 'Edit Gathering' : 'Add Gathering'}>
        <LoadingState />
      </Modal>
    );
  }
  return <GatheringForm gathering={gathering} onClose={onClose} />;
}

function GatheringForm({ gathering, onClose }: GatheringFormProps) {
  const form = useSchemaForm(gatheringRequestSchema, {
    title: gathering?.title ?? '',
    date: gathering?.date ?? '',
    qna_session_id: gathering?.qna_session_id ?? '',
    collection_id: gathering?.collection_id ?? '',
    sermon_id: gathering?.sermon_id ? String(gathering.sermon_id) : '',
    sermon_notes: gathering?.sermon_notes ?? '',
  });
  const choices = useLinkChoices();
  const save = useSaveGathering();
  const afterSave = useAfterSave(form.setError, onClose);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: gathering?.id, gathering: values },
      afterSave(
        gathering ? 'Gathering updated successfully!' : 'Gathering created successfully!',
        'Error saving gathering. Please try again.',
      ),
    ),
  );

  return (
    <FormModal
      id="gathering-form"
      title={gathering ? 'Edit Gathering' : 'Add Gathering'}
      saveLabel={gathering ? 'Update Gathering' : 'Create Gathering'}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Title" error={errors.title?.message} required>
        {(control) => <Input {...control} maxLength={GATHERING_LIMITS.title} {...form.register('title')} />}
      </Field>
      <Field label="Date" error={errors.date?.message} required>
        {(control) => <Input {...control} type="date" {...form.register('date')} />}
      </Field>
      <Field label="Q&A session" error={errors.qna_session_id?.message} hint="Where “Ask a question” leads">
        {(control) => (
          <Select {...control} {...form.register('qna_session_id')}>
            <option value="">None</option>
            {choices.sessions.map((session) => (
              <option key={session.id} value={session.id}>
                {session.is_active ? session.title : `${session.title} (inactive)`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Photo collection" error={errors.collection_id?.message} hint="Where “Share a photo” leads">
        {(control) => (
          <Select {...control} {...form.register('collection_id')}>
            <option value="">None</option>
            {choices.collections.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collection.is_active ? collection.name : `${collection.name} (closed)`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Sermon" error={errors.sermon_id?.message} className={styles.wide}>
        {(control) => (
          <Select {...control} {...form.register('sermon_id')}>
            <option value="">None</option>
            {choices.sermons.map((sermon) => (
              <option key={sermon.id} value={String(sermon.id)}>
                {sermon.date} · {sermon.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Sermon notes"
        error={errors.sermon_notes?.message}
        hint="Plain text, shown as typed"
        className={styles.wide}
      >
        {(control) => (
          <TextArea
            {...control}
            maxLength={GATHERING_LIMITS.sermon_notes}
            rows={6}
            {...form.register('sermon_notes')}
          />
        )}
      </Field>
    </FormModal>
  );
}
