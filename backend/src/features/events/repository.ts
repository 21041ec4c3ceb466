import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EventRow = typeof events.$inferSelect;

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
}
