import { and, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/database/client.js';
import { collectionUploads, photoCollections } from '../../platform/database/schema/collections.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';

export type CollectionRow = typeof photoCollections.$inferSelect;
export type UploadRow = typeof collectionUploads.$inferSelect;
export type NewUpload = Omit<typeof collectionUploads.$inferInsert, 'id' | 'uploadedAt'>;
export type CollectionValues = Pick<
  typeof photoCollections.$inferInsert,
  'name' | 'description' | 'allowVideos' | 'maxFileSizeMb' | 'isActive' | 'requiresApproval' | 'notifyUploads'
>;
export interface CollectionWithCount {
  collection: CollectionRow;
  uploadCount: number;
  pendingCount: number;
}
export type Approval = 'approved' | 'pending' | 'rejected';
/** An upload after a review, with whether visitors could see it before. */
export interface ReviewedUpload {
  upload: UploadRow;
  wasApproved: boolean;
}
/** What a digest tells staff: the new uploads since the last one, and those waiting now. */
export interface DigestCounts {
  collection: CollectionRow;
  photos: number;
  videos: number;
  pending: number;
  /** The newest upload counted. */
  upToId: number;
}

export class CollectionRepository {
  constructor(private readonly db: Database) {}

  async activeCollection(id: string): Promise<CollectionRow | undefined> {
    const [collection] = await this.db
      .select()
      .from(photoCollections)
      .where(and(eq(photoCollections.id, id), eq(photoCollections.isActive, true)));
    return collection;
  }

  collectionsNewestFirst(): Promise<CollectionWithCount[]> {
    return this.collectionsWithCount().orderBy(desc(photoCollections.createdAt), desc(photoCollections.id));
  }

  async collection(id: string): Promise<CollectionWithCount | undefined> {
    const [found] = await this.collectionsWithCount().where(eq(photoCollections.id, id));
    return found;
  }

  async createCollection(values: CollectionValues): Promise<CollectionRow> {
    const [created] = await this.db.insert(photoCollections).values(values).returning();
    return created!;
  }

  async updateCollection(id: string, values: CollectionValues): Promise<CollectionWithCount | undefined> {
    const [updated] = await this.db
      .update(photoCollections)
      .set(values)
      .where(eq(photoCollections.id, id))
      .returning({ id: photoCollections.id });
    return updated && this.collection(id);
  }

  /** Its upload rows go with it (ON DELETE CASCADE); the files are the caller's to remove. */
  async deleteCollection(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(photoCollections)
      .where(eq(photoCollections.id, id))
      .returning({ id: photoCollections.id });
    return deleted.length > 0;
  }

  /** The deleted row, whose file the caller removes; undefined when there was none. */
  async deleteUpload(id: number): Promise<UploadRow | undefined> {
    const [deleted] = await this.db.delete(collectionUploads).where(eq(collectionUploads.id, id)).returning();
    return deleted;
  }

  async upload(id: number): Promise<UploadRow | undefined> {
    const [upload] = await this.db.select().from(collectionUploads).where(eq(collectionUploads.id, id));
    return upload;
  }

  uploads(collectionId: string): Promise<UploadRow[]> {
    return this.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.collectionId, collectionId))
      .orderBy(desc(collectionUploads.uploadedAt), desc(collectionUploads.id));
  }

  /** What visitors may see: approved uploads, newest first (processing and failed ones as today). */
  approvedUploads(collectionId: string): Promise<UploadRow[]> {
    return this.db
      .select()
      .from(collectionUploads)
      .where(and(eq(collectionUploads.collectionId, collectionId), eq(collectionUploads.approval, 'approved')))
      .orderBy(desc(collectionUploads.uploadedAt), desc(collectionUploads.id));
  }

  /** Whether the file is one of a rejected upload's (the original or a size made of it). */
  async isRejectedFile(collectionId: string, file: string): Promise<boolean> {
    const [found] = await this.db
      .select({ id: collectionUploads.id })
      .from(collectionUploads)
      .where(
        and(
          eq(collectionUploads.collectionId, collectionId),
          eq(collectionUploads.approval, 'rejected'),
          sql`${file} IN (${collectionUploads.file}, ${collectionUploads.thumbnail}, ${collectionUploads.display}, ${collectionUploads.poster})`,
        ),
      )
      .limit(1);
    return found !== undefined;
  }

  /** One device's newest uploads to a collection. */
  deviceUploads(collectionId: string, deviceId: string, limit: number): Promise<UploadRow[]> {
    return this.db
      .select()
      .from(collectionUploads)
      .where(and(eq(collectionUploads.collectionId, collectionId), eq(collectionUploads.deviceId, deviceId)))
      .orderBy(desc(collectionUploads.uploadedAt), desc(collectionUploads.id))
      .limit(limit);
  }

  /**
   * Sets the approval of these uploads (only those of `collectionId` when given), locked while it
   * changes so two staff deciding at once each see the other's outcome. Unknown ids are skipped.
   */
  review(ids: number[], approval: Approval, collectionId?: string): Promise<ReviewedUpload[]> {
    return this.db.transaction(async (tx) => {
      const where = collectionId
        ? and(inArray(collectionUploads.id, ids), eq(collectionUploads.collectionId, collectionId))
        : inArray(collectionUploads.id, ids);
      const before = await tx
        .select({ id: collectionUploads.id, approval: collectionUploads.approval })
        .from(collectionUploads)
        .where(where)
        .orderBy(collectionUploads.id)
        .for('update');
      if (!before.length) return [];
      const updated = await tx
        .update(collectionUploads)
        .set({ approval })
        .where(
          inArray(
            collectionUploads.id,
            before.map((row) => row.id),
          ),
        )
        .returning();
      const wasApproved = new Set(before.filter((row) => row.approval === 'approved').map((row) => row.id));
      return updated.sort((a, b) => a.id - b.id).map((upload) => ({ upload, wasApproved: wasApproved.has(upload.id) }));
    });
  }

  /**
   * Stores the upload and queues its processing in one transaction, so no upload waits for a job that
   * was never queued. Undefined when the collection was deleted while the file was still arriving.
   */
  async addUpload(upload: NewUpload, digestAfterMs?: number): Promise<UploadRow | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        if (digestAfterMs !== undefined) await claimDigest(tx, upload.collectionId, digestAfterMs);
        const [created] = await tx.insert(collectionUploads).values(upload).returning();
        await enqueueJob(tx, 'process-upload', { target: 'collection-upload', id: created!.id });
        return created;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return undefined;
      throw error;
    }
  }

  /** The row an upload would have been, stored nowhere, with an id drawn from the table's own sequence. */
  async unsavedUpload(upload: NewUpload): Promise<UploadRow> {
    const result = await this.db.execute<{ id: number; now: string }>(
      sql`select nextval(pg_get_serial_sequence('collection_uploads', 'id'))::int as id, now()::text as now`,
    );
    const { id, now } = result.rows[0]!;
    return {
      ...upload,
      id,
      originalFilename: upload.originalFilename ?? '',
      uploaderName: upload.uploaderName ?? '',
      status: 'processing',
      thumbnail: null,
      display: null,
      width: null,
      height: null,
      durationSeconds: null,
      poster: null,
      failureReason: null,
      approval: upload.approval ?? 'approved',
      deviceId: upload.deviceId ?? null,
      uploadedAt: new Date(now),
    };
  }

  /** New uploads since the last digest (their ids up to the newest now), and those waiting for approval. */
  async digestCounts(collectionId: string): Promise<DigestCounts | undefined> {
    const [collection] = await this.db.select().from(photoCollections).where(eq(photoCollections.id, collectionId));
    if (!collection) return undefined;
    const newer = and(
      eq(collectionUploads.collectionId, collectionId),
      gt(collectionUploads.id, collection.digestCountedId),
    );
    const kinds = await this.db
      .select({ fileType: collectionUploads.fileType, count: count(), upTo: max(collectionUploads.id) })
      .from(collectionUploads)
      .where(newer)
      .groupBy(collectionUploads.fileType);
    const pending = await this.db.$count(
      collectionUploads,
      and(eq(collectionUploads.collectionId, collectionId), eq(collectionUploads.approval, 'pending')),
    );
    const of = (type: string) => kinds.find((kind) => kind.fileType === type)?.count ?? 0;
    const upToId = Math.max(collection.digestCountedId, ...kinds.map((kind) => kind.upTo ?? 0));
    return { collection, photos: of('image'), videos: of('video'), pending, upToId };
  }

  /**
   * Records that a digest told staff of the uploads up to `upToId`. Uploads that arrived meanwhile
   * (each waits for the collection row locked here) get the next digest, `afterMs` from now.
   */
  digestSent(collectionId: string, upToId: number, afterMs: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      if (!(await lockCollection(tx, collectionId))) return;
      await tx
        .update(photoCollections)
        .set({ digestCountedId: upToId, digestDueAt: null })
        .where(eq(photoCollections.id, collectionId));
      const newer = await tx.$count(
        collectionUploads,
        and(eq(collectionUploads.collectionId, collectionId), gt(collectionUploads.id, upToId)),
      );
      if (newer > 0) await claimDigest(tx, collectionId, afterMs);
    });
  }

  private collectionsWithCount() {
    return this.db
      .select({
        collection: photoCollections,
        uploadCount: this.db.$count(collectionUploads, eq(collectionUploads.collectionId, photoCollections.id)),
        pendingCount: this.db.$count(
          collectionUploads,
          and(eq(collectionUploads.collectionId, photoCollections.id), eq(collectionUploads.approval, 'pending')),
        ),
      })
      .from(photoCollections);
  }
}

/** Locks the collection's row until `tx` ends, so work on it is done once at a time; false when there is none. */
export async function lockCollection(tx: Transaction, collectionId: string): Promise<boolean> {
  const [collection] = await tx
    .select({ id: photoCollections.id })
    .from(photoCollections)
    .where(eq(photoCollections.id, collectionId))
    .for('update');
  return collection !== undefined;
}

/**
 * Queues the collection's next digest `afterMs` from now unless one is queued already: one e-mail
 * per collection per interval, however many uploads arrive. The collection row is locked first, so
 * uploads of a collection with digests get their ids in the order they commit and none is missed.
 */
async function claimDigest(tx: Transaction, collectionId: string, afterMs: number): Promise<void> {
  const [collection] = await tx
    .select({ notify: photoCollections.notifyUploads, due: photoCollections.digestDueAt })
    .from(photoCollections)
    .where(eq(photoCollections.id, collectionId))
    .for('update');
  if (!collection?.notify || collection.due) return;
  const due = new Date(Date.now() + afterMs);
  await tx.update(photoCollections).set({ digestDueAt: due }).where(eq(photoCollections.id, collectionId));
  await enqueueJob(tx, 'send-upload-digest', { collectionId }, due);
}

/** Drizzle wraps the driver's error; PostgreSQL's code is on the cause. */
function isForeignKeyViolation(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === '23503';
}
