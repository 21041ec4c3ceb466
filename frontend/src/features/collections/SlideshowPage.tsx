import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import { useSlideshowRoom } from './live';
import { usePublicCollection, usePublicUploads } from './api';
import { Slideshow } from './Slideshow';
import { photoSeconds, playlistOf, SLIDESHOW_CACHE_SIZE } from './slideshow';
import styles from './Slideshow.module.css';

/**
 * The collection's live slideshow, for a projector: what visitors may see of it (approved, ready
 * photos and videos), with new ones arriving as staff approve them. No sign-in.
 */
export function SlideshowPage() {
  const collectionId = useParams().collectionId ?? '';
  const [params] = useSearchParams();
  const collection = usePublicCollection(collectionId);
  const uploads = usePublicUploads(collectionId);
  useSlideshowRoom(collection.isSuccess ? collectionId : null, SLIDESHOW_CACHE_SIZE);
  const playlist = useMemo(() => playlistOf(uploads.data), [uploads.data]);

  if (collection.isError) {
    return (
      <main id="main" className={styles.screen}>
        <div className={styles.message}>
          <h1 className={styles.messageTitle}>Collection Not Found</h1>
          <p>This photo collection does not exist or has been deactivated.</p>
          <ButtonLink to="/">Go Home</ButtonLink>
        </div>
      </main>
    );
  }
  return (
    <Slideshow
      name={collection.data?.name ?? ''}
      uploadPath={`/photo-upload/${collectionId}`}
      playlist={playlist}
      loading={collection.isPending || uploads.isPending}
      seconds={photoSeconds(params.get('seconds'))}
    />
  );
}
