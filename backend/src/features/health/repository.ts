import { sql } from 'drizzle-orm';
import type { Database } from '@gather/core/db/client';

export class HealthRepository {
  constructor(private readonly db: Database) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
