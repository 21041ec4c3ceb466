import { sql } from 'drizzle-orm';
import type { DashboardStats } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';

export class StatsRepository {
  constructor(private readonly db: Database) {}

  async counts(): Promise<DashboardStats> {
    const result = await this.db.execute<DashboardStats>(sql`
      select (select count(*)::int from services) as "services",
             (select count(*)::int from events) as "events",
             (select count(*)::int from sermons) as "sermons",
             (select count(*)::int from albums) as "albums",
             (select count(*)::int from qna_sessions where is_active) as "qnaSessions",
             (select count(*)::int from photo_collections) as "photoCollections"
    `);
    return result.rows[0]!;
  }
}
