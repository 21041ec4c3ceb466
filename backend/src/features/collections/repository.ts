import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { collectionUploads, photoCollections } from '../../db/schema.js';

export type CollectionRow = typeof photoCollections.$inferSelect;
export type UploadRow = typeof collectionUploads.$inferSelect;
export type NewUpload = Omit<typeof collectionUploads.$inferInsert, 'id' | 'uploadedAt'>;

export class CollectionRepository {
  constructor(private readonly db: Database) {}

  async activeCollection(id: string): Promise<CollectionRow | undefined> {
    const [collection] = await this.db
      .select()
      .from(photoCollections)
      .where(and(eq(photoCollections.id, id), eq(photoCollections.isActive, true)));
    return collection;
  }

  uploads(collectionId: string): Promise<UploadRow[]> {
    return this.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.collectionId, collectionId))
      .orderBy(desc(collectionUploads.uploadedAt), desc(collectionUploads.id));
  }

  /** Undefined when the collection was deleted while the file was still arriving. */
  async addUpload(upload: NewUpload): Promise<UploadRow | undefined> {
    try {
      const [created] = await this.db.insert(collectionUploads).values(upload).returning();
      return created;
    } catch (error) {
      if (isForeignKeyViolation(error)) return undefined;
      throw error;
    }
  }
}

/** Drizzle wraps the driver's error; PostgreSQL's code is on the cause. */
function isForeignKeyViolation(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === '23503';
}
