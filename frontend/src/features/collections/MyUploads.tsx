import type { MyUpload, MyUploadState } from '@gather/contracts';
import { Badge, type BadgeTone } from '../../components/States';
import { mediaUrl } from '../../lib/api';
import { useMyUploads } from './api';
import styles from './PhotoUploadPage.module.css';

const STATES: Record<MyUploadState, { label: string; tone: BadgeTone }> = {
  processing: { label: 'Processing', tone: 'indigo' },
  waiting: { label: 'Waiting for approval', tone: 'orange' },
  shown: { label: 'Shared', tone: 'green' },
  not_approved: { label: 'Not approved', tone: 'grey' },
  failed: { label: 'Could not be processed', tone: 'coral' },
};

/** "Your uploads": what this phone sent to the collection and how each is getting on; nothing of anyone else's. */
export function MyUploads({ collectionId }: { collectionId: string }) {
  const mine = useMyUploads(collectionId);
  if (!Array.isArray(mine.data) || !mine.data.length) return null;
  return (
    <section className={styles.mine} aria-labelledby="my-uploads-title">
      <h2 id="my-uploads-title" className={styles.mineTitle}>
        Your uploads
      </h2>
      <ul className={styles.mineList}>
        {mine.data.map((upload) => (
          <MyUploadRow key={upload.id} upload={upload} />
        ))}
      </ul>
    </section>
  );
}

function MyUploadRow({ upload }: { upload: MyUpload }) {
  const state = STATES[upload.state];
  return (
    <li className={styles.mineItem}>
      {upload.thumbnail ? (
        <img className={styles.mineThumb} src={mediaUrl(upload.thumbnail)} alt="" loading="lazy" />
      ) : (
        <span className={styles.mineThumb} aria-hidden="true" />
      )}
      <span className={styles.mineText}>
        <span className={styles.mineName}>{upload.original_filename}</span>
        <Badge tone={state.tone}>{state.label}</Badge>
      </span>
    </li>
  );
}
