import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { events } from '../../db/schema.js';
import { enqueueJob } from '../../outbox/outbox.js';

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
      const [event] = await tx.update(events).set(values).where(eq(events.id, id)).returning();
      if (values.image) await enqueueJob(tx, 'process-upload', { target: 'event-image', id });
      return { event: event!, previousImage: before.image };
    });
  }

  async remove(id: number): Promise<EventRow | undefined> {
    const [removed] = await this.db.delete(events).where(eq(events.id, id)).returning();
    return removed;
  }
}
