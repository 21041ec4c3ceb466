import type { Album, AlbumPhoto } from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import { mediaUrl } from '../../media/storage.js';
import type { AlbumPhotoRow, AlbumRepository, AlbumWithPhotos } from './repository.js';

export class AlbumService {
  constructor(private readonly albums: AlbumRepository) {}

  async all(): Promise<Album[]> {
    return (await this.albums.newestFirstWithPhotos()).map(toAlbum);
  }

  async photos(albumId: number): Promise<AlbumPhoto[]> {
    if (!(await this.albums.exists(albumId))) throw AppError.notFound();
    return (await this.albums.photosOldestFirst(albumId)).map(toPhoto);
  }
}

function toAlbum({ album, firstPhoto, photoCount }: AlbumWithPhotos): Album {
  return {
    id: album.id,
    title: album.title,
    description: album.description,
    cover_image: mediaUrl(album.coverImage),
    is_featured: album.isFeatured,
    created_at: album.createdAt.toISOString(),
    first_photo: firstPhoto && { id: firstPhoto.id, image: mediaUrl(firstPhoto.image) ?? '' },
    photo_count: photoCount,
  };
}

function toPhoto(row: AlbumPhotoRow): AlbumPhoto {
  const uploadedAt = row.createdAt.toISOString();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: mediaUrl(row.image) ?? '',
    original_filename: row.originalFilename,
    uploader_name: row.uploaderName,
    created_at: uploadedAt,
    uploaded_at: uploadedAt,
  };
}
