import type { Album, AlbumPhoto } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Modal } from '../../../components/Modal';
import { Alert, EmptyState, LoadingState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { mediaUrl } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useAlbumPhotos } from '../api';
import { useDeletePhoto } from './api';
import styles from './AlbumsSection.module.css';

/** An album's photos, each openable full size and deletable. */
export function AlbumPhotosModal({ album, onClose }: { album: Album; onClose: () => void }) {
  const photos = useAlbumPhotos(album.id);
  const remove = useDeletePhoto();
  const confirm = useConfirm();
  const toast = useToast();
  const [viewing, setViewing] = useState<AlbumPhoto | null>(null);

  const deletePhoto = async (photo: AlbumPhoto) => {
    const yes = await confirm({
      title: `Delete the image “${photo.title || photo.original_filename}”?`,
      message: 'Are you sure you want to delete this image?',
    });
    if (!yes) return;
    remove.mutate(photo.id, {
      onSuccess: () => {
        setViewing(null);
        toast.success('Image deleted successfully!');
      },
      onError: () => toast.error('Error deleting image. Please try again.'),
    });
  };

  return (
    <Modal open size="lg" onClose={onClose} title={`${album.title}: images`}>
      {photos.isPending && <LoadingState />}
      {photos.isError && <Alert>Error loading album images. Please try again.</Alert>}
      {photos.data?.length === 0 && <EmptyState title="No Images in Album">Add images to this album.</EmptyState>}
      <ul className={styles.photos}>
        {photos.data?.map((photo) => (
          <li key={photo.id} className={styles.photo}>
            <button type="button" className={styles.photoButton} onClick={() => setViewing(photo)}>
              <img
                src={mediaUrl(photo.thumbnail ?? photo.image)}
                alt={photo.title || photo.original_filename}
                loading="lazy"
              />
              <span className="visually-hidden">View full size</span>
            </button>
            <p className={styles.photoTitle}>{photo.title || photo.original_filename}</p>
            <Button size="sm" variant="quietDanger" onClick={() => deletePhoto(photo)}>
              Delete <span className="visually-hidden">{photo.title || photo.original_filename}</span>
            </Button>
          </li>
        ))}
      </ul>
      {viewing && (
        <Modal
          open
          size="full"
          onClose={() => setViewing(null)}
          title={viewing.title || viewing.original_filename}
          footer={
            <>
              <Button variant="quietDanger" onClick={() => deletePhoto(viewing)}>
                Delete Image
              </Button>
              <Button variant="ghost" onClick={() => setViewing(null)}>
                Close
              </Button>
            </>
          }
        >
          <figure className={styles.fullView}>
            <img src={mediaUrl(viewing.image)} alt={viewing.title || viewing.original_filename} />
            <figcaption>
              {viewing.description && <p>{viewing.description}</p>}
              <p className={styles.photoMeta}>Added {formatDate(viewing.uploaded_at)}</p>
            </figcaption>
          </figure>
        </Modal>
      )}
    </Modal>
  );
}
