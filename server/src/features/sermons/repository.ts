import { desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { sermons, sermonSeries } from '../../platform/database/schema/sermons.js';

export type SermonRow = typeof sermons.$inferSelect;
export type SeriesRow = typeof sermonSeries.$inferSelect;
export type SermonValues = Pick<
  typeof sermons.$inferInsert,
  'title' | 'speaker' | 'date' | 'description' | 'thumbnail' | 'videoUrl' | 'seriesId'
>;
export type SermonAudio = Pick<
  typeof sermons.$inferInsert,
  'audioFile' | 'audioMimeType' | 'audioSize' | 'audioDurationSeconds'
>;
/** A sermon with the series it belongs to, if any. */
export interface SermonWithSeries {
  sermon: SermonRow;
  series: SeriesRow | null;
}

const NEWEST_FIRST = [desc(sermons.date), desc(sermons.createdAt), desc(sermons.id)];

export class SermonRepository {
  constructor(private readonly db: Database) {}

  /** Newest preaching date first; `limit` caps how many. */
  async newestFirst(limit?: number): Promise<SermonWithSeries[]> {
    const query = this.withSeries()
      .orderBy(...NEWEST_FIRST)
      .$dynamic();
    return limit === undefined ? query : query.limit(limit);
  }

  /** The podcast's episodes: sermons with a recording, newest first. */
  async withAudio(): Promise<SermonWithSeries[]> {
    return this.withSeries()
      .where(isNotNull(sermons.audioFile))
      .orderBy(...NEWEST_FIRST);
  }

  async find(id: number): Promise<SermonWithSeries | undefined> {
    const [row] = await this.withSeries().where(eq(sermons.id, id));
    return row;
  }

  async seriesExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: sermonSeries.id }).from(sermonSeries).where(eq(sermonSeries.id, id));
    return row !== undefined;
  }

  async create(values: SermonValues): Promise<number> {
    const [row] = await this.db.insert(sermons).values(values).returning({ id: sermons.id });
    return row!.id;
  }

  async update(id: number, values: SermonValues): Promise<boolean> {
    const updated = await this.db.update(sermons).set(values).where(eq(sermons.id, id)).returning({ id: sermons.id });
    return updated.length > 0;
  }

  /** The recording it had before, or undefined when there is no such sermon. */
  async replaceAudio(id: number, audio: SermonAudio): Promise<{ previous: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ file: sermons.audioFile })
        .from(sermons)
        .where(eq(sermons.id, id))
        .for('update');
      if (!before) return undefined;
      await tx.update(sermons).set(audio).where(eq(sermons.id, id));
      return { previous: before.file };
    });
  }

  /** The removed row (for its files), or undefined when there was none. */
  async remove(id: number): Promise<SermonRow | undefined> {
    const [removed] = await this.db.delete(sermons).where(eq(sermons.id, id)).returning();
    return removed;
  }

  private withSeries() {
    return this.db
      .select({ sermon: sermons, series: sermonSeries })
      .from(sermons)
      .leftJoin(sermonSeries, eq(sermons.seriesId, sermonSeries.id));
  }
}
