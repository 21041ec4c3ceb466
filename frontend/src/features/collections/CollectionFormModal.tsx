import { MAX_FILE_SIZE_MB, photoCollectionFormSchema, type PhotoCollection } from '@gather/contracts';
import { Button } from '../../components/Button';
import { Choice, Field, Input, TextArea } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useToast } from '../../components/Toast';
import { showServerFieldErrors, useSchemaForm } from '../../lib/forms';
import { sectionStyles as styles } from '../dashboard/StaffSection';
import { useSaveCollection } from './api';

/** Add (no `collection`) or edit a photo collection; mounted afresh each time it opens. */
export function CollectionFormModal({ collection, onClose }: { collection?: PhotoCollection; onClose: () => void }) {
  const form = useSchemaForm(photoCollectionFormSchema, {
    name: collection?.name ?? '',
    description: collection?.description ?? '',
    allow_videos: collection?.allow_videos ?? true,
    max_file_size_mb: collection?.max_file_size_mb ?? MAX_FILE_SIZE_MB.default,
    is_active: collection?.is_active ?? true,
  });
  const save = useSaveCollection();
  const toast = useToast();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: collection?.id, collection: values },
      {
        onSuccess: () => {
          toast.success(
            collection ? 'Photo collection updated successfully!' : 'Photo collection created successfully!',
          );
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form.setError, error))
            toast.error('Error saving photo collection. Please try again.');
        },
      },
    ),
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={collection ? 'Edit Photo Collection' : 'Create Photo Collection'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="collection-form" busy={save.isPending} busyText="Saving...">
            {collection ? 'Update Collection' : 'Create Collection'}
          </Button>
        </>
      }
    >
      <form id="collection-form" onSubmit={submit} noValidate className={styles.form}>
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
        </div>
      </form>
    </Modal>
  );
}
