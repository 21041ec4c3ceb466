import type { AlbumPhoto } from '@gather/contracts';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Modal } from '../../components/Modal';
import { mediaUrl } from '../../lib/api';
import styles from './ImageViewer.module.css';

const SWIPE_PX = 50;

/** One photo at full size: arrow keys, buttons or a swipe move through the album; Esc closes. */
export function ImageViewer({
  albumTitle,
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  albumTitle: string;
  photos: AlbumPhoto[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const photo = photos[index];
  const atFirst = index <= 0;
  const atLast = index >= photos.length - 1;
  const swipeStart = useRef<number | null>(null);

  const previous = () => {
    if (!atFirst) onIndexChange(index - 1);
  };
  const next = () => {
    if (!atLast) onIndexChange(index + 1);
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else if (event.key === 'Escape') {
      // Closed here, so the dialog's own Esc handling does not close it a second time.
      event.preventDefault();
      onClose();
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (!photo) return null;
  const src = mediaUrl(photo.image);
  const name = photo.title || `${albumTitle}, photo ${index + 1}`;

  return (
    <Modal open onClose={onClose} title={`${albumTitle}: ${name}`} size="full" hideTitle className={styles.viewer}>
      <div className={styles.bar}>
        <p className={styles.counter} aria-live="polite">
          {index + 1} of {photos.length}
        </p>
        <div className={styles.tools}>
          <a className={styles.tool} href={src} download={photo.original_filename || true}>
            Download
          </a>
          <button type="button" className={styles.tool} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <div
        className={styles.stage}
        onTouchStart={(event) => {
          swipeStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = swipeStart.current;
          const end = event.changedTouches[0]?.clientX;
          swipeStart.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          if (end < start) next();
          else previous();
        }}
      >
        <button
          type="button"
          className={`${styles.step} ${styles.previous}`}
          onClick={previous}
          disabled={atFirst}
          aria-label="Previous photo"
        >
          ‹
        </button>
        <img key={photo.id} className={styles.photo} src={src} alt={name} />
        <button
          type="button"
          className={`${styles.step} ${styles.next}`}
          onClick={next}
          disabled={atLast}
          aria-label="Next photo"
        >
          ›
        </button>
      </div>
      {(photo.title || photo.description) && (
        <div className={styles.caption}>
          {photo.title && <p className={styles.captionTitle}>{photo.title}</p>}
          {photo.description && <p>{photo.description}</p>}
        </div>
      )}
    </Modal>
  );
}
