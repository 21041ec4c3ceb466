import { MAX_FILE_SIZE_MB, photoCollectionFormSchema, type PhotoCollection } from '@gather/contracts';
import { Choice, Field, Input, TextArea } from '../../../components/Field';
import { FormModal, useAfterSave } from '../../../components/FormModal';
import styles from '../../../components/FormModal.module.css';
import { useSchemaForm } from '../../../lib/forms';
import { useSaveCollection } from './api';

/** Add (no `collection`) or edit a photo collection; mounted afresh each time it opens. */
export function CollectionFormModal({ collection, onClose }: { collection?: PhotoCollection; onClose: () => void }) {
  const form = useSchemaForm(photoCollectionFormSchema, {
    name: collection?.name ?? '',
    description: collection?.description ?? '',
    allow_videos: collection?.allow_videos ?? true,
    max_file_size_mb: collection?.max_file_size_mb ?? MAX_FILE_SIZE_MB.default,
    is_active: collection?.is_active ?? true,
    requires_approval: collection?.requires_approval ?? false,
    notify_uploads: collection?.notify_uploads ?? false,
  });
  const save = useSaveCollection();
  const afterSave = useAfterSave(form.setError, onClose);
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: collection?.id, collection: values },
      afterSave(
        collection ? 'Photo collection updated successfully!' : 'Photo collection created successfully!',
        'Error saving photo collection. Please try again.',
      ),
    ),
  );

  return (
    <FormModal
      id="collection-form"
      title={collection ? 'Edit Photo Collection' : 'Create Photo Collection'}
      saveLabel={collection ? 'Update Collection' : 'Create Collection'}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" error={errors.name?.message} required className={styles.wide}>
        {(control) => <Input {...control} {...form.register('name')} />}
      </Field>
      <Field label="Description" error={errors.description?.message} className={styles.wide}>
        {(control) => <TextArea {...control} {...form.register('description')} />}
      </Field>
      <Field
        label="Maximum file size (MB)"
        error={errors.max_file_size_mb?.message}
        hint={`${MAX_FILE_SIZE_MB.min} to ${MAX_FILE_SIZE_MB.max} MB`}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            min={MAX_FILE_SIZE_MB.min}
            max={MAX_FILE_SIZE_MB.max}
            step={1}
            placeholder={String(MAX_FILE_SIZE_MB.default)}
            {...form.register('max_file_size_mb')}
          />
        )}
      </Field>
      <div className={styles.switches}>
        <Choice type="checkbox" label="Allow videos" {...form.register('allow_videos')} />
        <Choice type="checkbox" label="Active (accepting uploads)" {...form.register('is_active')} />
        <Choice
          type="checkbox"
          label="Approve uploads before guests see them"
          {...form.register('requires_approval')}
        />
        <Choice
          type="checkbox"
          label="E-mail the office about new uploads (hourly)"
          {...form.register('notify_uploads')}
        />
      </div>
    </FormModal>
  );
}
