import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sermons } from '../../db/schema.js';

export type SermonRow = typeof sermons.$inferSelect;
export type SermonValues = Pick<
  typeof sermons.$inferInsert,
  'title' | 'speaker' | 'date' | 'description' | 'thumbnail' | 'videoUrl'
>;

export class SermonRepository {
  constructor(private readonly db: Database) {}

  /** Newest preaching date first; `limit` caps how many. */
  async newestFirst(limit?: number): Promise<SermonRow[]> {
    const query = this.db
      .select()
      .from(sermons)
      .orderBy(desc(sermons.date), desc(sermons.createdAt), desc(sermons.id))
      .$dynamic();
    return limit === undefined ? query : query.limit(limit);
  }

  async create(values: SermonValues): Promise<SermonRow> {
    const [row] = await this.db.insert(sermons).values(values).returning();
    return row!;
  }

  async update(id: number, values: SermonValues): Promise<SermonRow | undefined> {
    const [row] = await this.db.update(sermons).set(values).where(eq(sermons.id, id)).returning();
    return row;
  }

  /** True when a row was there to delete. */
  async remove(id: number): Promise<boolean> {
    const deleted = await this.db.delete(sermons).where(eq(sermons.id, id)).returning({ id: sermons.id });
    return deleted.length > 0;
  }
}
