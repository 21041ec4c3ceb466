import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { services } from '../../db/schema.js';

export type ServiceRow = typeof services.$inferSelect;

export class ServiceRepository {
  constructor(private readonly db: Database) {}

  async active(): Promise<ServiceRow[]> {
    return this.db.select().from(services).where(eq(services.isActive, true));
  }
}
