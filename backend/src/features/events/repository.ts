import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** An event is over once its end (or, without one, its start) has passed. */
const notYetEnded = sql`greatest(${events.date}, ${events.endDate}) >= now()`;

export class EventRepository {
  constructor(private readonly db: Database) {}

  async all(): Promise<EventRow[]> {
    return this.db.select().from(events).orderBy(asc(events.date), asc(events.id));
  }

  async upcoming(): Promise<EventRow[]> {
    return this.db.select().from(events).where(notYetEnded).orderBy(asc(events.date), asc(events.id));
  }

  async upcomingSpecial(): Promise<EventRow[]> {
    return this.db
      .select()
      .from(events)
      .where(and(eq(events.isSpecial, true), notYetEnded))
      .orderBy(asc(events.date), asc(events.id));
  }

  async create(values: EventValues): Promise<EventRow> {
    const [created] = await this.db.insert(events).values(values).returning();
    return created!;
  }

  /** The updated row and the image it had before, or undefined when there is no such event. */
  async update(
    id: number,
    values: EventValues,
  ): Promise<{ event: EventRow; previousImage: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ image: events.image }).from(events).where(eq(events.id, id)).for('update');
      if (!before) return undefined;
      const [event] = await tx.update(events).set(values).where(eq(events.id, id)).returning();
      return { event: event!, previousImage: before.image };
    });
  }

  async remove(id: number): Promise<EventRow | undefined> {
    const [removed] = await this.db.delete(events).where(eq(events.id, id)).returning();
    return removed;
  }
}
