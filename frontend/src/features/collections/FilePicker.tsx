import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { PublicCollection } from '@gather/contracts';
import { UploadIcon } from './icons';
import { pickerAccept } from './upload-rules';
import styles from './PhotoUploadPage.module.css';

/** Drop files on it, or click (or press Enter on) it to browse. */
export function FilePicker({
  collection,
  onFiles,
}: {
  collection: PublicCollection;
  onFiles: (files: File[]) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // On a page drawn on the server, files picked before the page's code took over fired no change React saw.
  useEffect(() => {
    const picked = input.current?.files;
    if (picked?.length) {
      onFiles([...picked]);
      input.current!.value = '';
    }
    // Only what was picked before the first render here; later picks come through onChange.
  }, []);
  const kinds = collection.allow_videos ? 'images and videos' : 'images only';

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
    <label
      className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={pickerAccept(collection.allow_videos)}
        className="visually-hidden"
        aria-describedby="picker-limits"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <span className={styles.dropIcon} aria-hidden="true">
        <UploadIcon />
      </span>
      <span className={styles.dropTitle}>Drag and drop files here, or click to browse</span>
      <span id="picker-limits" className={styles.dropHint}>
        Maximum {collection.max_file_size_mb} MB per file · {kinds}
      </span>
    </label>
  );
}
