import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sermons } from '../../db/schema.js';

export type SermonRow = typeof sermons.$inferSelect;

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
}
