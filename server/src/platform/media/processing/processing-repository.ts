import type { JobPayload, UploadFileType } from '@gather/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../database/client.js';
import { albumImages, albums } from '../../database/schema/albums.js';
import { collectionUploads } from '../../database/schema/collections.js';
import { events } from '../../database/schema/events.js';
import { sermonSeries } from '../../database/schema/sermons.js';
import { isAwaitingProcessing } from '../storage.js';

export type UploadTarget = JobPayload<'process-upload'>['target'];

/** A stored file waiting for the worker. */
export interface PendingUpload {
  /** Path under the media folder. */
  file: string;
  fileType: UploadFileType;
  /**
   * An event image or album cover: shown at one size only, so one display-size copy replaces it. Visitors'
   * uploads and album photos keep a cleaned full-size copy beside their display size and thumbnail.
   */
  picture: boolean;
}

/** What processing made of it; paths are under the media folder. */
export interface ProcessedUpload {
  file: string;
  mimeType: string;
  fileSize: number;
  thumbnail: string | null;
  display: string | null;
  poster: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/** The one picture column of an event, album or sermon series; it names an original while that waits for the worker. */
const PICTURES = {
  'event-image': { table: events, id: events.id, file: events.image },
  'album-cover': { table: albums, id: albums.id, file: albums.coverImage },
  'series-artwork': { table: sermonSeries, id: sermonSeries.id, file: sermonSeries.artwork },
} as const;

/**
 * The processing state of visitor uploads, album photos, event images and album covers, for the worker's
 * process-upload job. Every change applies only while the row still waits for the same file, so a job run
 * twice, a row deleted meanwhile or a picture replaced meanwhile changes nothing.
 */
export class UploadProcessingRepository {
  constructor(private readonly db: Database) {}

  /** The upload while it still waits for processing; undefined once deleted or processed. */
  async pending(target: UploadTarget, id: number): Promise<PendingUpload | undefined> {
    if (isPicture(target)) {
      const picture = PICTURES[target];
      const [row] = await this.db.select({ file: picture.file }).from(picture.table).where(eq(picture.id, id));
      return row?.file && isAwaitingProcessing(row.file)
        ? { file: row.file, fileType: 'image', picture: true }
        : undefined;
    }
    if (target === 'album-image') {
      const [image] = await this.db
        .select({ file: albumImages.image })
        .from(albumImages)
        .where(and(eq(albumImages.id, id), eq(albumImages.status, 'processing')));
      return image && { file: image.file, fileType: 'image', picture: false };
    }
    const [upload] = await this.db
      .select({ file: collectionUploads.file, fileType: collectionUploads.fileType })
      .from(collectionUploads)
      .where(and(eq(collectionUploads.id, id), eq(collectionUploads.status, 'processing')));
    return upload && { file: upload.file, fileType: upload.fileType as UploadFileType, picture: false };
  }

  /** False when the row is gone or no longer waits for this file: the caller then removes what it made. */
  async finish(target: UploadTarget, id: number, upload: PendingUpload, processed: ProcessedUpload): Promise<boolean> {
    if (isPicture(target)) return this.replacePicture(target, id, upload, processed.file);
    const done = { status: 'ready', failureReason: null };
    const versions = {
      thumbnail: processed.thumbnail,
      display: processed.display,
      width: processed.width,
      height: processed.height,
    };
    if (target === 'album-image') {
      const updated = await this.db
        .update(albumImages)
        .set({ ...done, ...versions, image: processed.file })
        .where(and(eq(albumImages.id, id), eq(albumImages.status, 'processing')))
        .returning({ id: albumImages.id });
      return updated.length > 0;
    }
    const updated = await this.db
      .update(collectionUploads)
      .set({
        ...done,
        ...versions,
        file: processed.file,
        mimeType: processed.mimeType,
        fileSize: processed.fileSize,
        poster: processed.poster,
        durationSeconds: processed.durationSeconds?.toFixed(2) ?? null,
      })
      .where(and(eq(collectionUploads.id, id), eq(collectionUploads.status, 'processing')))
      .returning({ id: collectionUploads.id });
    return updated.length > 0;
  }

  /**
   * False when the row is gone or no longer waits for this file. An event or album whose picture failed shows
   * none (visitors see the page's own artwork); staff were told at upload of anything the header gave away.
   */
  async fail(target: UploadTarget, id: number, upload: PendingUpload, failureReason: string): Promise<boolean> {
    if (isPicture(target)) return this.replacePicture(target, id, upload, null);
    const failed = { status: 'failed', failureReason };
    const updated =
      target === 'album-image'
        ? await this.db
            .update(albumImages)
            .set(failed)
            .where(and(eq(albumImages.id, id), eq(albumImages.status, 'processing')))
            .returning({ id: albumImages.id })
        : await this.db
            .update(collectionUploads)
            .set(failed)
            .where(and(eq(collectionUploads.id, id), eq(collectionUploads.status, 'processing')))
            .returning({ id: collectionUploads.id });
    return updated.length > 0;
  }

  private async replacePicture(
    target: keyof typeof PICTURES,
    id: number,
    upload: PendingUpload,
    file: string | null,
  ): Promise<boolean> {
    const picture = PICTURES[target];
    const waiting = and(eq(picture.id, id), eq(picture.file, upload.file));
    const updated =
      target === 'event-image'
        ? await this.db.update(events).set({ image: file }).where(waiting).returning({ id: events.id })
        : target === 'album-cover'
          ? await this.db.update(albums).set({ coverImage: file }).where(waiting).returning({ id: albums.id })
          : await this.db.update(sermonSeries).set({ artwork: file }).where(waiting).returning({ id: sermonSeries.id });
    return updated.length > 0;
  }
}

function isPicture(target: UploadTarget): target is keyof typeof PICTURES {
  return Object.hasOwn(PICTURES, target);
}
