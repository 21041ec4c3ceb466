import { sermonSeriesFormSchema, type SermonSeries } from '@gather/contracts';
import { Field, Input, TextArea } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import styles from '../../../components/FormModal.module.css';
import { formDataOf } from '../../../lib/form-data';
import { PictureField, usePictureFormSave } from '../../../components/PictureField';
import { useSchemaForm } from '../../../lib/forms';
import { useSaveSeries } from './api';

/** Add (no `series`) or edit a sermon series; mounted afresh each time it opens. */
export function SeriesFormModal({ series, onClose }: { series?: SermonSeries; onClose: () => void }) {
  const form = useSchemaForm(sermonSeriesFormSchema, {
    title: series?.title ?? '',
    description: series?.description ?? '',
  });
  const save = useSaveSeries();
  const { picture: artwork, submit } = usePictureFormSave(form, {
    name: 'artwork',
    saved: series ? 'Series updated successfully!' : 'Series created successfully!',
    failed: 'Error saving series. Please try again.',
    onClose,
    save: (values, file, outcome) =>
      save.mutate({ id: series?.id, body: formDataOf(values, { artwork: file }) }, outcome),
  });
  const { errors } = form.formState;

  return (
    <FormModal
      id="series-form"
      title={series ? 'Edit Series' : 'Create Series'}
      saveLabel={series ? 'Update Series' : 'Create Series'}
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
        label="Artwork"
        hint={series?.artwork ? 'Leave empty to keep the current artwork.' : 'A square image works best.'}
        choice={artwork}
        className={styles.wide}
      />
    </FormModal>
  );
}
