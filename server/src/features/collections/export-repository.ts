import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { collectionExports, collectionUploads, photoCollections } from '../../platform/database/schema/collections.js';
import { lockCollection } from './repository.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';

export type ExportRow = typeof collectionExports.$inferSelect;
export interface ExportWithCollection {
  export: ExportRow;
  collectionName: string;
}
/** What goes into a zip for one upload. */
export type ZipSource = Pick<
  typeof collectionUploads.$inferSelect,
  'id' | 'file' | 'originalFilename' | 'uploaderName' | 'uploadedAt'
>;
export interface FinishedZip {
  file: string;
  fileCount: number;
  sizeBytes: number;
}

const UNFINISHED = ['queued', 'running'];

/** Download-all zips: requested by the API, built by the worker. */
export class ExportRepository {
  constructor(private readonly db: Database) {}

  /**
   * An export of the collection that is still queued or being built, or else a new one with
   * its job, in one transaction. The collection row is locked so a double click makes one zip.
   * Undefined when the collection does not exist.
   */
  start(collectionId: string, requestedBy: string, includePending: boolean): Promise<ExportRow | undefined> {
    return this.db.transaction(async (tx) => {
      if (!(await lockCollection(tx, collectionId))) return undefined;
      const [unfinished] = await tx
        .select()
        .from(collectionExports)
        .where(and(eq(collectionExports.collectionId, collectionId), inArray(collectionExports.status, UNFINISHED)));
      if (unfinished) return unfinished;
      const [created] = await tx
        .insert(collectionExports)
        .values({ collectionId, requestedBy, includePending })
        .returning();
      await enqueueJob(tx, 'build-collection-zip', { exportId: created!.id });
      return created;
    });
  }

  /** An export of that collection made after `createdAfter`; older ones count as gone. */
  async exportOf(
    collectionId: string,
    exportId: string,
    createdAfter: Date,
  ): Promise<ExportWithCollection | undefined> {
    const [found] = await this.db
      .select({ export: collectionExports, collectionName: photoCollections.name })
      .from(collectionExports)
      .innerJoin(photoCollections, eq(photoCollections.id, collectionExports.collectionId))
      .where(
        and(
          eq(collectionExports.id, exportId),
          eq(collectionExports.collectionId, collectionId),
          gt(collectionExports.createdAt, createdAfter),
        ),
      );
    return found;
  }

  /** The export, now running from the start; undefined when it is gone or already finished. */
  async markRunning(id: string): Promise<ExportRow | undefined> {
    const [running] = await this.db
      .update(collectionExports)
      .set({ status: 'running', progress: 0 })
      .where(and(eq(collectionExports.id, id), inArray(collectionExports.status, UNFINISHED)))
      .returning();
    return running;
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db
      .update(collectionExports)
      .set({ progress })
      .where(and(eq(collectionExports.id, id), eq(collectionExports.status, 'running')));
  }

  /** False when the export was removed meanwhile (its collection deleted), so its zip must go. */
  async markReady(id: string, zip: FinishedZip): Promise<boolean> {
    const updated = await this.db
      .update(collectionExports)
      .set({ ...zip, status: 'ready', progress: 100, finishedAt: new Date() })
      .where(and(eq(collectionExports.id, id), eq(collectionExports.status, 'running')))
      .returning({ id: collectionExports.id });
    return updated.length > 0;
  }

  async markFailed(id: string, failureReason: string): Promise<void> {
    await this.db
      .update(collectionExports)
      .set({ status: 'failed', failureReason, finishedAt: new Date() })
      .where(and(eq(collectionExports.id, id), inArray(collectionExports.status, UNFINISHED)));
  }

  /**
   * Ready uploads in the order they arrived; failed or unfinished ones have no file to give. Approved
   * ones only, and those waiting for approval too when staff asked for them; rejected ones never.
   */
  readyUploads(collectionId: string, includePending: boolean): Promise<ZipSource[]> {
    const approvals = includePending ? ['approved', 'pending'] : ['approved'];
    return this.db
      .select({
        id: collectionUploads.id,
        file: collectionUploads.file,
        originalFilename: collectionUploads.originalFilename,
        uploaderName: collectionUploads.uploaderName,
        uploadedAt: collectionUploads.uploadedAt,
      })
      .from(collectionUploads)
      .where(
        and(
          eq(collectionUploads.collectionId, collectionId),
          eq(collectionUploads.status, 'ready'),
          inArray(collectionUploads.approval, approvals),
        ),
      )
      .orderBy(asc(collectionUploads.uploadedAt), asc(collectionUploads.id));
  }

  /** Deletes exports made before `cutoff`; answers their zip files for the caller to remove. */
  async removeCreatedBefore(cutoff: Date): Promise<string[]> {
    const removed = await this.db
      .delete(collectionExports)
      .where(lt(collectionExports.createdAt, cutoff))
      .returning({ file: collectionExports.file });
    return removed.flatMap((row) => (row.file ? [row.file] : []));
  }
}
