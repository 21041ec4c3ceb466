import { UPLOADER_NAME_MAX, type PublicCollection } from '@gather/contracts';
import { useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { Alert } from '../../components/States';
import { useToast } from '../../components/Toast';
import { SpamTrap, useSpamCheck } from '../../lib/spam-check';
import { uploadFile } from './api';
import { CameraPanel } from './CameraPanel';
import { FilePicker } from './FilePicker';
import { useInterruptedUploads } from './interrupted-uploads';
import { SelectedFiles, type ChosenFile, type FileState } from './SelectedFiles';
import { skippedMessage, sortFiles } from './upload-rules';
import { UploadFailure, UploadSuccess } from './UploadResult';
import formCard from '../../components/FormCard.module.css';
import styles from './PhotoUploadPage.module.css';

interface Progress {
  /** Share of all the chosen bytes sent so far, 0 to 1. */
  sent: number;
  uploaded: number;
  total: number;
}

type Stage = { kind: 'choosing' } | { kind: 'uploading' } | { kind: 'done'; uploaded: number } | { kind: 'failed' };

export function UploadForm({ collection }: { collection: PublicCollection }) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [stage, setStage] = useState<Stage>({ kind: 'choosing' });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [fileStates, setFileStates] = useState<Record<number, FileState>>({});
  const nextId = useRef(1);
  const uploading = stage.kind === 'uploading';
  const spamCheck = useSpamCheck();
  const interrupted = useInterruptedUploads(collection.id);

  const addFiles = (chosen: File[]) => {
    const { accepted, skipped } = sortFiles(chosen, collection);
    if (skipped > 0) toast.warning(skippedMessage(skipped));
    setFiles((current) => [...current, ...accepted.map((file) => ({ id: nextId.current++, file }))]);
  };

  const upload = async () => {
    setStage({ kind: 'uploading' });
    const totalBytes = files.reduce((sum, { file }) => sum + file.size, 0) || 1;
    let sentBytes = 0;
    let uploaded = 0;
    setProgress({ sent: 0, uploaded: 0, total: files.length });
    const check = spamCheck.stamp({});
    const show = (id: number, state: FileState) => setFileStates((shown) => ({ ...shown, [id]: state }));
    // One at a time, in order: a phone on church Wi-Fi copes better with one upload than with ten.
    for (const { id, file } of files) {
      const before = sentBytes;
      try {
        await uploadFile(collection.id, file, name.trim(), check, (fileProgress) => {
          show(id, { kind: 'sending', ...fileProgress });
          setProgress((shown) => shown && { ...shown, sent: (before + fileProgress.sent) / totalBytes });
        });
        uploaded += 1;
        show(id, { kind: 'uploaded' });
      } catch (error) {
        console.error(`Failed to upload ${file.name}`, error);
        show(id, { kind: 'failed' });
      }
      sentBytes += file.size;
      setProgress({ sent: sentBytes / totalBytes, uploaded, total: files.length });
    }
    setStage(uploaded > 0 ? { kind: 'done', uploaded } : { kind: 'failed' });
  };

  const startAgain = () => {
    setFiles([]);
    setFileStates({});
    setName('');
    setProgress(null);
    setStage({ kind: 'choosing' });
  };

  if (stage.kind === 'done') return <UploadSuccess count={stage.uploaded} onUploadMore={startAgain} />;
  if (stage.kind === 'failed') {
    return (
      <UploadFailure
        onTryAgain={() => {
          setProgress(null);
          setFileStates({});
          setStage({ kind: 'choosing' });
        }}
      />
    );
  }

  return (
    <div className={formCard.card}>
      <Field label="Your Name (optional)" hint="So we know who shared these.">
        {(control) => (
          <Input
            {...control}
            maxLength={UPLOADER_NAME_MAX}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={uploading}
          />
        )}
      </Field>
      <SpamTrap {...spamCheck.trap} />
      {interrupted.length > 0 && !uploading && <Alert tone="info">{resumeHint(interrupted)}</Alert>}
      {!uploading && <CameraPanel allowVideos={collection.allow_videos} onCapture={(file) => addFiles([file])} />}
      {!uploading && <FilePicker collection={collection} onFiles={addFiles} />}
      <SelectedFiles
        files={files}
        states={fileStates}
        disabled={uploading}
        onRemove={(id) => setFiles((current) => current.filter((chosen) => chosen.id !== id))}
      />
      {progress && (
        <div className={styles.progress}>
          <progress
            className={styles.progressBar}
            max={100}
            value={Math.round(progress.sent * 100)}
            aria-label="Upload progress"
          />
          <p className={styles.progressText}>
            {progress.uploaded} of {progress.total} uploaded
          </p>
        </div>
      )}
      <Button size="lg" block onClick={upload} disabled={files.length === 0} busy={uploading} busyText="Uploading...">
        Upload {files.length} File(s)
      </Button>
    </div>
  );
}

function resumeHint(names: string[]): string {
  const [files, they] = names.length === 1 ? ['file', 'it'] : ['files', 'they'];
  return `Not finished last time: ${names.join(', ')}. Choose the same ${files} again and ${they} will continue where ${they} stopped.`;
}
