import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { sermons, sermonSeries } from '../../platform/database/schema/sermons.js';

export class PodcastRepository {
  constructor(private readonly db: Database) {}

  /**
   * Changes whenever staff add, edit or delete a sermon or series (counts catch deletions, the newest
   * change time catches edits), read in one small query so every API process notices another's changes.
   */
  async version(): Promise<string> {
    const result = await this.db.execute<{ version: string }>(sql`
      select concat_ws(':',
        (select count(*) from ${sermons}), (select max(${sermons.updatedAt}) from ${sermons}),
        (select count(*) from ${sermonSeries}), (select max(${sermonSeries.updatedAt}) from ${sermonSeries})
      ) as version`);
    return result.rows[0]!.version;
  }
}
