import { albumFormSchema, type Album } from '@gather/contracts';
import { Choice, Field, Input, TextArea } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import styles from '../../../components/FormModal.module.css';
import { formDataOf } from '../../../lib/form-data';
import { PictureField, usePictureFormSave } from '../../../components/PictureField';
import { useSchemaForm } from '../../../lib/forms';
import { useSaveAlbum } from './api';

/** Add (no `album`) or edit an album; mounted afresh each time it opens. */
export function AlbumFormModal({ album, onClose }: { album?: Album; onClose: () => void }) {
  const form = useSchemaForm(albumFormSchema, {
    title: album?.title ?? '',
    description: album?.description ?? '',
    is_featured: album?.is_featured ?? false,
  });
  const save = useSaveAlbum();
  const { picture: cover, submit } = usePictureFormSave(form, {
    name: 'cover_image',
    saved: album ? 'Album updated successfully!' : 'Album created successfully!',
    failed: 'Error saving album. Please try again.',
    onClose,
    save: (values, file, outcome) =>
      save.mutate({ id: album?.id, body: formDataOf(values, { cover_image: file }) }, outcome),
  });
  const { errors } = form.formState;

  return (
    <FormModal
      id="album-form"
      title={album ? 'Edit Album' : 'Create Album'}
      saveLabel={album ? 'Update Album' : 'Create Album'}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Title" error={errors.title?.message} required className={styles.wide}>
        {(control) => <Input {...control} {...form.register('title')} />}
      </Field>
      <Field label="Description" error={errors.description?.message} className={styles.wide}>
        {(control) => <TextArea {...control} {...form.register('description')} />}
      </Field>
      <PictureField
        label="Cover image"
        hint={album?.cover_image ? 'Leave empty to keep the current cover.' : undefined}
        choice={cover}
        className={styles.wide}
      />
      <div className={styles.switches}>
        <Choice type="checkbox" label="Featured album" {...form.register('is_featured')} />
      </div>
    </FormModal>
  );
}
