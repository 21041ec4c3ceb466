import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { sermonSeries } from '../../platform/database/schema/sermons.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import type { SeriesRow } from './repository.js';

export type SeriesValues = Pick<typeof sermonSeries.$inferInsert, 'title' | 'description' | 'artwork'>;

export class SeriesRepository {
  constructor(private readonly db: Database) {}

  async all(): Promise<SeriesRow[]> {
    return this.db.select().from(sermonSeries).orderBy(asc(sermonSeries.title), asc(sermonSeries.id));
  }

  /** With artwork, its cleaning is queued in the same transaction: no artwork waits for a job never queued. */
  async create(values: SeriesValues): Promise<SeriesRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(sermonSeries).values(values).returning();
      if (values.artwork) await enqueueJob(tx, 'process-upload', { target: 'series-artwork', id: created!.id });
      return created!;
    });
  }

  /** The updated row and the artwork it had before, or undefined when there is no such series. */
  async update(
    id: number,
    values: SeriesValues,
  ): Promise<{ series: SeriesRow; previousArtwork: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ artwork: sermonSeries.artwork })
        .from(sermonSeries)
        .where(eq(sermonSeries.id, id))
        .for('update');
      if (!before) return undefined;
      const [series] = await tx.update(sermonSeries).set(values).where(eq(sermonSeries.id, id)).returning();
      if (values.artwork) await enqueueJob(tx, 'process-upload', { target: 'series-artwork', id });
      return { series: series!, previousArtwork: before.artwork };
    });
  }

  /** Its sermons stay, unlinked (the foreign key sets their series to null). */
  async remove(id: number): Promise<SeriesRow | undefined> {
    const [removed] = await this.db.delete(sermonSeries).where(eq(sermonSeries.id, id)).returning();
    return removed;
  }
}
