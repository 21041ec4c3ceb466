import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';

export class HealthRepository {
  constructor(private readonly db: Database) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
