import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { events } from '../../platform/database/schema/events.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'sequence' | 'createdAt' | 'updatedAt'>;

/** An event is over once its end (or, without one, its start) has passed. */
const notYetEnded = sql`greatest(${events.date}, ${events.endDate}) >= now()`;

/**
 * The public lists' SQL, built once and planned once per connection rather than on every visitor's call.
 */
function publicLists(db: Database) {
  const soonestFirst = [asc(events.date), asc(events.id)];
  return {
    all: db
      .select()
      .from(events)
      .orderBy(...soonestFirst)
      .prepare('events_all'),
    upcoming: db
      .select()
      .from(events)
      .where(notYetEnded)
      .orderBy(...soonestFirst)
      .prepare('events_upcoming'),
    upcomingSpecial: db
      .select()
      .from(events)
      .where(and(eq(events.isSpecial, true), notYetEnded))
      .orderBy(...soonestFirst)
      .prepare('events_upcoming_special'),
  };
}

export class EventRepository {
  private readonly lists: ReturnType<typeof publicLists>;

  constructor(private readonly db: Database) {
    this.lists = publicLists(db);
  }

  async all(): Promise<EventRow[]> {
    return this.lists.all.execute();
  }

  async byId(id: number): Promise<EventRow | undefined> {
    const [row] = await this.db.select().from(events).where(eq(events.id, id));
    return row;
  }

  async upcoming(): Promise<EventRow[]> {
    return this.lists.upcoming.execute();
  }

  async upcomingSpecial(): Promise<EventRow[]> {
    return this.lists.upcomingSpecial.execute();
  }

  /** With an image, its processing is queued in the same transaction: no image waits for a job never queued. */
  async create(values: EventValues): Promise<EventRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(events).values(values).returning();
      if (values.image) await enqueueJob(tx, 'process-upload', { target: 'event-image', id: created!.id });
      return created!;
    });
  }

  /**
   * The updated row and the image it had before, or undefined when there is no such event. A new image is
   * queued for processing.
   */
  async update(
    id: number,
    values: EventValues,
  ): Promise<{ event: EventRow; previousImage: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ image: events.image }).from(events).where(eq(events.id, id)).for('update');
      if (!before) return undefined;
      const [event] = await tx
        .update(events)
        .set({ ...values, sequence: sql`${events.sequence} + 1` })
        .where(eq(events.id, id))
        .returning();
      if (values.image) await enqueueJob(tx, 'process-upload', { target: 'event-image', id });
      return { event: event!, previousImage: before.image };
    });
  }

  async remove(id: number): Promise<EventRow | undefined> {
    const [removed] = await this.db.delete(events).where(eq(events.id, id)).returning();
    return removed;
  }
}
