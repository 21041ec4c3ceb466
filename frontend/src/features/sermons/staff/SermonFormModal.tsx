import { SERMON_AUDIO_MAX_MB, sermonRequestSchema, type Sermon, type SermonSeries } from '@gather/contracts';
import { useState } from 'react';
import { Field, Input, Select, TextArea } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import styles from '../../../components/FormModal.module.css';
import { useToast } from '../../../components/Toast';
import { pictureProblem, showServerFieldErrors, useSchemaForm } from '../../../lib/forms';
import { useSaveSermon, useSermonAudio } from './api';

/**
 * Add (no `sermon`) or edit a sermon, its series and its recording; mounted afresh each time it opens. The
 * sermon is saved first, then the recording is sent: a refused recording leaves the saved sermon to try again.
 */
export function SermonFormModal({
  sermon,
  series,
  onClose,
}: {
  sermon?: Sermon;
  series: SermonSeries[];
  onClose: () => void;
}) {
  const form = useSchemaForm(sermonRequestSchema, {
    title: sermon?.title ?? '',
    speaker: sermon?.speaker ?? '',
    date: sermon?.date ?? '',
    description: sermon?.description ?? '',
    video_url: sermon?.video_url ?? '',
    thumbnail: sermon?.thumbnail ?? '',
    series_id: sermon?.series?.id ?? null,
  });
  const [savedId, setSavedId] = useState(sermon?.id);
  const [audio, setAudio] = useState<File | null>(null);
  const [audioError, setAudioError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const save = useSaveSermon();
  const upload = useSermonAudio();
  const toast = useToast();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setAudioError(null);
    let id = savedId;
    try {
      id = (await save.mutateAsync({ id, body: values })).id;
      setSavedId(id);
    } catch (error) {
      if (!showServerFieldErrors(form.setError, error)) toast.error('Error saving sermon. Please try again.');
      return;
    }
    if (audio) {
      try {
        await upload.mutateAsync({ id, file: audio, onProgress: (done, total) => setSent(done / total) });
      } catch (error) {
        setAudioError(pictureProblem(error, 'file') ?? 'The recording could not be uploaded. Please try again.');
        toast.error('The sermon was saved, but not its recording.');
        return;
      } finally {
        setSent(null);
      }
    }
    toast.success(sermon ? 'Sermon updated successfully!' : 'Sermon created successfully!');
    onClose();
  });

  return (
    <FormModal
      id="sermon-form"
      title={sermon ? 'Edit Sermon' : 'Add Sermon'}
      saveLabel={sermon ? 'Update Sermon' : 'Add Sermon'}
      saving={save.isPending || upload.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Title" error={errors.title?.message} required className={styles.wide}>
        {(control) => <Input {...control} {...form.register('title')} />}
      </Field>
      <Field label="Speaker" error={errors.speaker?.message} required>
        {(control) => <Input {...control} {...form.register('speaker')} />}
      </Field>
      <Field label="Date" error={errors.date?.message} required>
        {(control) => <Input {...control} type="date" {...form.register('date')} />}
      </Field>
      <Field label="Series" error={errors.series_id?.message} className={styles.wide}>
        {(control) => (
          <Select
            {...control}
            {...form.register('series_id', { setValueAs: (value: string) => (value === '' ? null : Number(value)) })}
          >
            <option value="">No series</option>
            {series.map((one) => (
              <option key={one.id} value={one.id}>
                {one.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Description" error={errors.description?.message} className={styles.wide}>
        {(control) => <TextArea {...control} {...form.register('description')} />}
      </Field>
      <Field label="Video link" error={errors.video_url?.message} className={styles.wide}>
        {(control) => <Input {...control} type="url" {...form.register('video_url')} />}
      </Field>
      <Field label="Thumbnail" error={errors.thumbnail?.message} className={styles.wide}>
        {(control) => <Input {...control} {...form.register('thumbnail')} />}
      </Field>
      <Field
        label="Recording (MP3 or M4A)"
        error={audioError ?? undefined}
        hint={
          sent !== null
            ? `Uploading… ${Math.round(sent * 100)}%`
            : `${sermon?.audio_url ? 'Leave empty to keep the current recording. ' : ''}Up to ${SERMON_AUDIO_MAX_MB} MB; it goes into the podcast.`
        }
        className={styles.wide}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept="audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a"
            onChange={(e) => setAudio(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
    </FormModal>
  );
}
