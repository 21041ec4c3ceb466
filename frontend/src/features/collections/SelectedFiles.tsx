import { formatFileSize } from '../../lib/format';
import { ImageIcon, VideoIcon } from './icons';
import { fileKind } from './upload-rules';
import styles from './PhotoUploadPage.module.css';

export interface ChosenFile {
  id: number;
  file: File;
}

/** Where one file's upload has got; none until its turn comes. */
export type FileState =
  { kind: 'sending'; sent: number; total: number; resuming: boolean } | { kind: 'uploaded' } | { kind: 'failed' };

export function SelectedFiles({
  files,
  states,
  onRemove,
  disabled,
}: {
  files: ChosenFile[];
  states: Record<number, FileState>;
  onRemove: (id: number) => void;
  disabled: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="selected-title">
      <h2 id="selected-title" className={styles.sectionTitle}>
        Selected Files ({files.length})
      </h2>
      <ul className={styles.files}>
        {files.map(({ id, file }) => (
          <li key={id} className={styles.file}>
            <span className={styles.fileIcon} aria-hidden="true">
              {fileKind(file) === 'video' ? <VideoIcon /> : <ImageIcon />}
            </span>
            <span className={styles.fileText}>
              <span className={styles.fileName}>{file.name}</span>
              {states[id] && <FileStatus state={states[id]} />}
            </span>
            <span className={styles.fileSize}>{formatFileSize(file.size)}</span>
            <button
              type="button"
              className={styles.remove}
              onClick={() => onRemove(id)}
              disabled={disabled}
              aria-label={`Remove ${file.name}`}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FileStatus({ state }: { state: FileState }) {
  let text = state.kind === 'uploaded' ? 'Uploaded' : 'Failed';
  if (state.kind === 'sending') {
    const percent = state.total ? Math.floor((state.sent / state.total) * 100) : 0;
    text = state.resuming
      ? 'Resuming…'
      : `${percent}% · ${formatFileSize(state.sent)} of ${formatFileSize(state.total)}`;
  }
  return <span className={styles.fileStatus}>{text}</span>;
}
