import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { services } from '../../platform/database/schema/services.js';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceValues = Pick<
  typeof services.$inferInsert,
  'name' | 'day' | 'time' | 'description' | 'zoomLink' | 'isActive'
>;

export class ServiceRepository {
  constructor(private readonly db: Database) {}

  async active(): Promise<ServiceRow[]> {
    return this.db.select().from(services).where(eq(services.isActive, true));
  }

  async all(): Promise<ServiceRow[]> {
    return this.db.select().from(services);
  }

  async create(values: ServiceValues): Promise<ServiceRow> {
    const [row] = await this.db.insert(services).values(values).returning();
    return row!;
  }

  async update(id: number, values: ServiceValues): Promise<ServiceRow | undefined> {
    const [row] = await this.db.update(services).set(values).where(eq(services.id, id)).returning();
    return row;
  }

  /** True when a row was there to delete. */
  async remove(id: number): Promise<boolean> {
    const deleted = await this.db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
    return deleted.length > 0;
  }
}
