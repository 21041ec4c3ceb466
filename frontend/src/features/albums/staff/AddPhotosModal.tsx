import type { Album } from '@gather/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, Select, TextArea } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { formatFileSize } from '../../../lib/format';
import { uploadPhoto, useRefreshAlbums } from './api';
import styles from './AlbumsSection.module.css';
import { photoTitles } from './photo-titles';

type Progress = { percent: number; state: 'waiting' | 'sending' | 'done' | 'failed'; problem?: string };

/** Adds many photos to one album: one upload per file, each with its own progress bar. */
export function AddPhotosModal({
  albums,
  albumId,
  onClose,
}: {
  albums: Album[];
  albumId?: number;
  onClose: () => void;
}) {
  const [album, setAlbum] = useState(albumId ? String(albumId) : '');
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<Progress[]>([]);
  const [uploading, setUploading] = useState(false);
  const refresh = useRefreshAlbums();
  const toast = useToast();

  const track = (index: number, next: Progress) =>
    setProgress((all) => all.map((entry, at) => (at === index ? next : entry)));

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!album || files.length === 0) return;
    const titles = photoTitles(
      title,
      files.map((file) => file.name),
    );
    setUploading(true);
    setProgress(files.map(() => ({ percent: 0, state: 'waiting' })));
    let failures = 0;
    // One at a time: a church connection is slow, and each bar then fills in turn.
    for (const [index, image] of files.entries()) {
      track(index, { percent: 0, state: 'sending' });
      try {
        await uploadPhoto({ album: Number(album), image, title: titles[index]!, description }, (sent, total) =>
          track(index, { percent: Math.round((sent / total) * 100), state: 'sending' }),
        );
        track(index, { percent: 100, state: 'done' });
      } catch (error) {
        failures += 1;
        const problem = error instanceof ApiError ? (error.fieldErrors?.image?.[0] ?? error.detail) : undefined;
        track(index, { percent: 0, state: 'failed', problem });
      }
    }
    setUploading(false);
    refresh();
    if (failures) toast.error('Error uploading images. Please try again.');
    else {
      toast.success(`${files.length} ${files.length === 1 ? 'image' : 'images'} uploaded successfully!`);
      onClose();
    }
  };

  return (
    <Modal
      open
      onClose={uploading ? () => undefined : onClose}
      title="Add Images to Album"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={uploading}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="add-photos-form"
            disabled={!album || files.length === 0}
            busy={uploading}
            busyText="Uploading..."
          >
            Upload Images
          </Button>
        </>
      }
    >
      <form id="add-photos-form" onSubmit={upload} noValidate>
        <Field label="Album" required>
          {(control) => (
            <Select {...control} value={album} onChange={(e) => setAlbum(e.target.value)} disabled={uploading}>
              <option value="">Select an album</option>
              {albums.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Images" required hint="Choose one or more images.">
          {(control) => (
            <Input
              {...control}
              type="file"
              accept="image/*"
              multiple
              disabled={uploading}
              onChange={(e) => {
                setFiles([...(e.target.files ?? [])]);
                setProgress([]);
              }}
            />
          )}
        </Field>
        <Field label="Title" hint="Optional. Images are numbered after it: 'Baptism 1', 'Baptism 2'.">
          {(control) => <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field label="Description">
          {(control) => (
            <TextArea {...control} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
      </form>
      {files.length > 0 && (
        <ul className={styles.uploads} aria-label="Chosen images">
          {files.map((file, index) => {
            const entry = progress[index];
            return (
              <li key={`${file.name}-${index}`} className={styles.upload}>
                <span className={styles.uploadName}>
                  {file.name} <span className={styles.photoMeta}>({formatFileSize(file.size)})</span>
                </span>
                {entry && (
                  <progress
                    className={styles.bar}
                    max={100}
                    value={entry.percent}
                    aria-label={`Upload of ${file.name}`}
                  />
                )}
                {entry?.state === 'done' && <span className={styles.done}>Uploaded</span>}
                {entry?.state === 'failed' && (
                  <span className={styles.failed} role="alert">
                    {entry.problem ?? 'Failed'}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
