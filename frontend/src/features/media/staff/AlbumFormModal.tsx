import { albumFormSchema, type Album } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Choice, Field, Input, TextArea } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { formDataOf } from '../../../lib/form-data';
import { showServerFieldErrors, useSchemaForm } from '../../../lib/forms';
import { sectionStyles as styles } from '../../dashboard/StaffSection';
import { useSaveAlbum } from './api';

function coverProblem(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.fieldErrors?.cover_image?.[0];
  if (field) return field;
  return error.status === 413 || error.status === 415 ? (error.detail ?? null) : null;
}

/** Add (no `album`) or edit an album; mounted afresh each time it opens. */
export function AlbumFormModal({ album, onClose }: { album?: Album; onClose: () => void }) {
  const form = useSchemaForm(albumFormSchema, {
    title: album?.title ?? '',
    description: album?.description ?? '',
    is_featured: album?.is_featured ?? false,
  });
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const save = useSaveAlbum();
  const toast = useToast();
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setCoverError(null);
    save.mutate(
      { id: album?.id, body: formDataOf(values, { cover_image: cover }) },
      {
        onSuccess: () => {
          toast.success(album ? 'Album updated successfully!' : 'Album created successfully!');
          onClose();
        },
        onError: (error) => {
          const problem = coverProblem(error);
          setCoverError(problem);
          if (!showServerFieldErrors(form.setError, error) && !problem)
            toast.error('Error saving album. Please try again.');
        },
      },
    );
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={album ? 'Edit Album' : 'Create Album'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="album-form" busy={save.isPending} busyText="Saving...">
            {album ? 'Update Album' : 'Create Album'}
          </Button>
        </>
      }
    >
      <form id="album-form" onSubmit={submit} noValidate className={styles.form}>
        <Field label="Title" error={errors.title?.message} required className={styles.wide}>
          {(control) => <Input {...control} {...form.register('title')} />}
        </Field>
        <Field label="Description" error={errors.description?.message} className={styles.wide}>
          {(control) => <TextArea {...control} {...form.register('description')} />}
        </Field>
        <Field
          label="Cover image"
          error={coverError ?? undefined}
          hint={album?.cover_image ? 'Leave empty to keep the current cover.' : undefined}
          className={styles.wide}
        >
          {(control) => (
            <Input {...control} type="file" accept="image/*" onChange={(e) => setCover(e.target.files?.[0] ?? null)} />
          )}
        </Field>
        <div className={styles.switches}>
          <Choice type="checkbox" label="Featured album" {...form.register('is_featured')} />
        </div>
      </form>
    </Modal>
  );
}
