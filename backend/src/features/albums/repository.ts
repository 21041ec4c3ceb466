import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumImages, albums } from '../../db/schema.js';

export type AlbumRow = typeof albums.$inferSelect;
export type AlbumPhotoRow = typeof albumImages.$inferSelect;

export interface AlbumWithPhotos {
  album: AlbumRow;
  firstPhoto: { id: number; image: string } | null;
  photoCount: number;
}

const oldestFirst = [asc(albumImages.createdAt), asc(albumImages.id)];

export class AlbumRepository {
  constructor(private readonly db: Database) {}

  /** Every album, newest first, with its oldest photo and photo count, in one query. */
  async newestFirstWithPhotos(): Promise<AlbumWithPhotos[]> {
    const firstPhoto = this.db
      .select({ id: albumImages.id, image: albumImages.image })
      .from(albumImages)
      .where(eq(albumImages.albumId, albums.id))
      .orderBy(...oldestFirst)
      .limit(1)
      .as('first_photo');
    const photos = this.db
      .select({ count: count().as('photo_count') })
      .from(albumImages)
      .where(eq(albumImages.albumId, albums.id))
      .as('photos');
    const rows = await this.db
      .select({ album: albums, firstPhoto: { id: firstPhoto.id, image: firstPhoto.image }, photoCount: photos.count })
      .from(albums)
      .leftJoinLateral(firstPhoto, sql`true`)
      .leftJoinLateral(photos, sql`true`)
      .orderBy(desc(albums.createdAt), desc(albums.id));
    return rows.map((row) => ({ ...row, photoCount: row.photoCount ?? 0 }));
  }

  async exists(albumId: number): Promise<boolean> {
    const [album] = await this.db.select({ id: albums.id }).from(albums).where(eq(albums.id, albumId));
    return album !== undefined;
  }

  async photosOldestFirst(albumId: number): Promise<AlbumPhotoRow[]> {
    return this.db
      .select()
      .from(albumImages)
      .where(eq(albumImages.albumId, albumId))
      .orderBy(...oldestFirst);
  }
}
