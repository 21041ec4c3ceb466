import type { JobPayload, UploadFileType } from '@gather/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { albumImages, collectionUploads } from '../db/schema.js';

export type UploadTarget = JobPayload<'process-upload'>['target'];

/** A stored file waiting for the worker. */
export interface PendingUpload {
  /** Path under the media folder. */
  file: string;
  fileType: UploadFileType;
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

/**
 * The processing state of visitor uploads and album images, for the worker's process-upload job. Every change applies only while the
 * row is still processing, so a job run twice, or a row deleted meanwhile, changes nothing.
 */
export class UploadProcessingRepository {
  constructor(private readonly db: Database) {}

  /** The upload while it still waits for processing; undefined once deleted or processed. */
  async pending(target: UploadTarget, id: number): Promise<PendingUpload | undefined> {
    if (target === 'album-image') {
      const [image] = await this.db
        .select({ file: albumImages.image })
        .from(albumImages)
        .where(and(eq(albumImages.id, id), eq(albumImages.status, 'processing')));
      return image && { file: image.file, fileType: 'image' };
    }
    const [upload] = await this.db
      .select({ file: collectionUploads.file, fileType: collectionUploads.fileType })
      .from(collectionUploads)
      .where(and(eq(collectionUploads.id, id), eq(collectionUploads.status, 'processing')));
    return upload && { file: upload.file, fileType: upload.fileType as UploadFileType };
  }

  /** False when the row is gone or no longer processing: the caller then removes what it made. */
  async finish(target: UploadTarget, id: number, processed: ProcessedUpload): Promise<boolean> {
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

  /** False when the row is gone or no longer processing. */
  async fail(target: UploadTarget, id: number, failureReason: string): Promise<boolean> {
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
}
