import { UNKNOWN_ALBUM, type Album, type AlbumForm, type AlbumPhoto, type GalleryPhotoForm } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { mediaUrl, type MediaStorage } from '../../platform/media/storage.js';
import { saveWithImage, type ReceivedImage } from '../../platform/media/upload.js';
import type { AlbumPhotoRow, AlbumRepository, AlbumValues, AlbumWithPhotos } from './repository.js';

const COVER_FOLDER = 'albums';
/** Each album's photos share a folder, so deleting the album leaves no empty one behind. */
const photoFolder = (albumId: number) => `albums/${albumId}`;

export class AlbumService {
  constructor(
    private readonly albums: AlbumRepository,
    private readonly storage: MediaStorage,
  ) {}

  async all(): Promise<Album[]> {
    return (await this.albums.newestFirstWithPhotos()).map(toAlbum);
  }

  async photos(albumId: number): Promise<AlbumPhoto[]> {
    if (!(await this.albums.exists(albumId))) throw AppError.notFound();
    return (await this.albums.photosOldestFirst(albumId)).map(toPhoto);
  }

  async create(form: AlbumForm, cover: ReceivedImage | undefined): Promise<Album> {
    const created = await saveWithImage(this.storage, cover, COVER_FOLDER, (stored) =>
      this.albums.create({ ...valuesOf(form), coverImage: stored ?? null }),
    );
    return toAlbum({ album: created!, firstPhoto: null, photoCount: 0 });
  }

  /** Every field is replaced; without a new cover the old one stays, and a replaced one is removed once saved. */
  async update(id: number, form: AlbumForm, cover: ReceivedImage | undefined): Promise<Album> {
    const saved = await saveWithImage(this.storage, cover, COVER_FOLDER, (stored) =>
      this.albums.update(id, stored ? { ...valuesOf(form), coverImage: stored } : valuesOf(form)),
    );
    if (!saved) throw AppError.notFound();
    if (cover) await this.storage.remove(saved.previousCover);
    const album = await this.albums.oneWithPhotos(id);
    if (!album) throw AppError.notFound();
    return toAlbum(album);
  }

  async remove(id: number): Promise<void> {
    const files = await this.albums.remove(id);
    if (!files) throw AppError.notFound();
    await this.storage.remove(...files);
    await this.storage.removeFolder(photoFolder(id));
  }

  async addPhoto(form: GalleryPhotoForm, image: ReceivedImage, uploaderName: string): Promise<AlbumPhoto> {
    if (!(await this.albums.exists(form.album))) throw AppError.invalid({ album: [UNKNOWN_ALBUM] });
    const photo = await saveWithImage(this.storage, image, photoFolder(form.album), (stored) =>
      this.albums.addPhoto({
        albumId: form.album,
        image: stored!,
        // The staff page sends a title; without one the photo is named after its file, as the page would.
        title: form.title || image.originalFilename.replace(/\.[^.]*$/, ''),
        description: form.description,
        originalFilename: image.originalFilename,
        uploaderName,
      }),
    );
    if (!photo) throw AppError.invalid({ album: [UNKNOWN_ALBUM] });
    return toPhoto(photo);
  }

  async removePhoto(id: number): Promise<void> {
    const removed = await this.albums.removePhoto(id);
    if (!removed) throw AppError.notFound();
    await this.storage.remove(removed.image, removed.thumbnail, removed.display);
  }
}

function valuesOf(form: AlbumForm): AlbumValues {
  return { title: form.title, description: form.description, isFeatured: form.is_featured };
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
  const image = mediaUrl(row.image) ?? '';
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image,
    file: image,
    status: row.status as AlbumPhoto['status'],
    thumbnail: mediaUrl(row.thumbnail),
    original_filename: row.originalFilename,
    uploader_name: row.uploaderName,
    created_at: uploadedAt,
    uploaded_at: uploadedAt,
  };
}
