import { formatFileSize } from '../../lib/format';
import { ImageIcon, VideoIcon } from './icons';
import { fileKind } from './upload-rules';
import styles from './PhotoUploadPage.module.css';

export interface ChosenFile {
  id: number;
  file: File;
}

export function SelectedFiles({
  files,
  onRemove,
  disabled,
}: {
  files: ChosenFile[];
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
            <span className={styles.fileName}>{file.name}</span>
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
