import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { collectionUploads, photoCollections } from '../../db/schema.js';
import { enqueueJob } from '../../outbox/outbox.js';

export type CollectionRow = typeof photoCollections.$inferSelect;
export type UploadRow = typeof collectionUploads.$inferSelect;
export type NewUpload = Omit<typeof collectionUploads.$inferInsert, 'id' | 'uploadedAt'>;
export type CollectionValues = Pick<
  typeof photoCollections.$inferInsert,
  'name' | 'description' | 'allowVideos' | 'maxFileSizeMb' | 'isActive'
>;
export interface CollectionWithCount {
  collection: CollectionRow;
  uploadCount: number;
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

  /**
   * Stores the upload and queues its processing in one transaction, so no upload waits for a job that
   * was never queued. Undefined when the collection was deleted while the file was still arriving.
   */
  async addUpload(upload: NewUpload): Promise<UploadRow | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
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
      uploadedAt: new Date(now),
    };
  }

  private collectionsWithCount() {
    return this.db
      .select({
        collection: photoCollections,
        uploadCount: this.db.$count(collectionUploads, eq(collectionUploads.collectionId, photoCollections.id)),
      })
      .from(photoCollections);
  }
}

/** Drizzle wraps the driver's error; PostgreSQL's code is on the cause. */
function isForeignKeyViolation(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === '23503';
}
