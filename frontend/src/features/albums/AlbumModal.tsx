import type { Album } from '@gather/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { Modal } from '../../components/Modal';
import { EmptyState, LoadingState } from '../../components/States';
import { useToast } from '../../components/Toast';
import { mediaUrl } from '../../lib/api';
import { useAlbumPhotos } from './api';
import { ImageViewer } from './ImageViewer';
import styles from './AlbumModal.module.css';

export const ALBUM_PHOTOS_FAILURE = 'Error loading album photos';

/** An album's photos as a grid; choosing one opens it full size. */
export function AlbumModal({ album, onClose }: { album: Album; onClose: () => void }) {
  const photos = useAlbumPhotos(album.id);
  const [viewing, setViewing] = useState<number | null>(null);
  const toast = useToast();
  const failed = photos.isError;

  const giveUp = useEffectEvent(() => {
    toast.error(ALBUM_PHOTOS_FAILURE);
    onClose();
  });
  useEffect(() => {
    if (failed) giveUp();
  }, [failed]);

  return (
    <>
      <Modal open onClose={onClose} title={album.title} size="lg">
        {album.description && <p className={styles.description}>{album.description}</p>}
        {photos.isPending ? (
          <LoadingState text="Loading photos..." />
        ) : !photos.data?.length ? (
          <EmptyState title="No Photos in this Album">Photos will appear here once they are added.</EmptyState>
        ) : (
          <ul className={styles.grid}>
            {photos.data.map((photo, index) => (
              <li key={photo.id}>
                <button type="button" className={styles.thumb} onClick={() => setViewing(index)}>
                  <img
                    src={mediaUrl(photo.thumbnail ?? photo.image)}
                    alt={photo.title || `Photo ${index + 1} of ${photos.data.length}`}
                    loading="lazy"
                    decoding="async"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
      {viewing !== null && photos.data && (
        <ImageViewer
          albumTitle={album.title}
          photos={photos.data}
          index={viewing}
          onIndexChange={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}
