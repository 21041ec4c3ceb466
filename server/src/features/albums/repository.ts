import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { albumImages, albums } from '../../platform/database/schema/albums.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';

export type AlbumRow = typeof albums.$inferSelect;
export type AlbumPhotoRow = typeof albumImages.$inferSelect;
export type AlbumValues = Pick<typeof albums.$inferInsert, 'title' | 'description' | 'isFeatured' | 'coverImage'>;
export type NewAlbumPhoto = Omit<typeof albumImages.$inferInsert, 'id' | 'createdAt'>;

export interface AlbumWithPhotos {
  album: AlbumRow;
  firstPhoto: { id: number; image: string } | null;
  photoCount: number;
}

const oldestFirst = [asc(albumImages.createdAt), asc(albumImages.id)];
/** Visitors see a photo once the worker has made its sizes and removed its camera data. */
const ready = eq(albumImages.status, 'ready');

export class AlbumRepository {
  constructor(private readonly db: Database) {}

  /** Every album, newest first, with its oldest photo and photo count, in one query. */
  async newestFirstWithPhotos(): Promise<AlbumWithPhotos[]> {
    const rows = await this.withPhotos().orderBy(desc(albums.createdAt), desc(albums.id));
    return rows.map((row) => ({ ...row, photoCount: row.photoCount ?? 0 }));
  }

  async oneWithPhotos(id: number): Promise<AlbumWithPhotos | undefined> {
    const [row] = await this.withPhotos().where(eq(albums.id, id));
    return row && { ...row, photoCount: row.photoCount ?? 0 };
  }

  async exists(albumId: number): Promise<boolean> {
    const [album] = await this.db.select({ id: albums.id }).from(albums).where(eq(albums.id, albumId));
    return album !== undefined;
  }

  async photosOldestFirst(albumId: number): Promise<AlbumPhotoRow[]> {
    return this.db
      .select()
      .from(albumImages)
      .where(and(eq(albumImages.albumId, albumId), ready))
      .orderBy(...oldestFirst);
  }

  /** With a cover, its processing is queued in the same transaction: no cover waits for a job never queued. */
  async create(values: AlbumValues): Promise<AlbumRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(albums).values(values).returning();
      if (values.coverImage) await enqueueJob(tx, 'process-upload', { target: 'album-cover', id: created!.id });
      return created!;
    });
  }

  /**
   * The cover the album had before, or undefined when there is no such album. A new cover is queued for
   * processing.
   */
  async update(id: number, values: AlbumValues): Promise<{ previousCover: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ coverImage: albums.coverImage })
        .from(albums)
        .where(eq(albums.id, id))
        .for('update');
      if (!before) return undefined;
      await tx.update(albums).set(values).where(eq(albums.id, id));
      if (values.coverImage) await enqueueJob(tx, 'process-upload', { target: 'album-cover', id });
      return { previousCover: before.coverImage };
    });
  }

  /** Deletes an album with its photos and answers every file they used, or undefined when there is no such album. */
  async remove(id: number): Promise<string[] | undefined> {
    return this.db.transaction(async (tx) => {
      // Locking the album first makes a photo being added meanwhile wait, then fail, so none is missed.
      const [album] = await tx.select().from(albums).where(eq(albums.id, id)).for('update');
      if (!album) return undefined;
      const photos = await tx
        .delete(albumImages)
        .where(eq(albumImages.albumId, id))
        .returning({ image: albumImages.image, thumbnail: albumImages.thumbnail, display: albumImages.display });
      await tx.delete(albums).where(eq(albums.id, id));
      return [album.coverImage, ...photos.flatMap((photo) => [photo.image, photo.thumbnail, photo.display])].filter(
        (file): file is string => !!file,
      );
    });
  }

  /** Undefined when the album was deleted while the photo was still arriving. The photo's processing is queued with it. */
  async addPhoto(photo: NewAlbumPhoto): Promise<AlbumPhotoRow | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const [created] = await tx.insert(albumImages).values(photo).returning();
        await enqueueJob(tx, 'process-upload', { target: 'album-image', id: created!.id });
        return created;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return undefined;
      throw error;
    }
  }

  async removePhoto(id: number): Promise<AlbumPhotoRow | undefined> {
    const [removed] = await this.db.delete(albumImages).where(eq(albumImages.id, id)).returning();
    return removed;
  }

  private withPhotos() {
    const firstPhoto = this.db
      .select({ id: albumImages.id, image: albumImages.image })
      .from(albumImages)
      .where(and(eq(albumImages.albumId, albums.id), ready))
      .orderBy(...oldestFirst)
      .limit(1)
      .as('first_photo');
    const photos = this.db
      .select({ count: count().as('photo_count') })
      .from(albumImages)
      .where(and(eq(albumImages.albumId, albums.id), ready))
      .as('photos');
    return this.db
      .select({ album: albums, firstPhoto: { id: firstPhoto.id, image: firstPhoto.image }, photoCount: photos.count })
      .from(albums)
      .leftJoinLateral(firstPhoto, sql`true`)
      .leftJoinLateral(photos, sql`true`)
      .$dynamic();
  }
}

/** Drizzle wraps the driver's error; PostgreSQL's code is on the cause. */
function isForeignKeyViolation(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === '23503';
}
