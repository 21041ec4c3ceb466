import type { Album } from '@gather/contracts';
import { CardPicture } from '../../components/ContentCard';
import { mediaUrl } from '../../lib/api';
import styles from './AlbumGrid.module.css';

export function albumCover(album: Album): string | undefined {
  return mediaUrl(album.cover_image ?? album.first_photo?.image);
}

export function AlbumGrid({ albums, onOpen }: { albums: Album[]; onOpen: (album: Album) => void }) {
  return (
    <ul className={styles.grid}>
      {albums.map((album) => (
        <li key={album.id}>
          <button type="button" className={styles.album} onClick={() => onOpen(album)}>
            <span className={styles.cover}>
              <CardPicture src={albumCover(album)} alt="" seed={album.id + 2} />
              <span className={styles.count}>
                {album.photo_count} {album.photo_count === 1 ? 'photo' : 'photos'}
              </span>
            </span>
            <span className={styles.text}>
              <span className={styles.title}>{album.title}</span>
              {album.description && <span className={styles.description}>{album.description}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
