import { and, asc, desc, eq, gt, gte, lte } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { photoCollections } from '../../platform/database/schema/collections.js';
import { gatherings } from '../../platform/database/schema/gatherings.js';
import { qnaSessions } from '../../platform/database/schema/qna.js';
import { sermons } from '../../platform/database/schema/sermons.js';

export type GatheringRow = typeof gatherings.$inferSelect;
export type GatheringFields = Pick<
  typeof gatherings.$inferInsert,
  'title' | 'date' | 'qnaSessionId' | 'collectionId' | 'sermonId' | 'sermonNotes'
>;

/** A gathering with what visitors may see of the things it links to. */
export interface LinkedGathering {
  gathering: GatheringRow;
  qnaActive: boolean | null;
  collectionActive: boolean | null;
  sermon: { title: string; speaker: string; videoUrl: string | null } | null;
}

export class GatheringRepository {
  constructor(private readonly db: Database) {}

  /** Newest date first: staff plan ahead and look back from the top. */
  async all(): Promise<GatheringRow[]> {
    return this.db.select().from(gatherings).orderBy(desc(gatherings.date), desc(gatherings.createdAt));
  }

  async create(fields: GatheringFields): Promise<GatheringRow> {
    const [row] = await this.db.insert(gatherings).values(fields).returning();
    return row!;
  }

  async update(id: string, fields: GatheringFields): Promise<GatheringRow | undefined> {
    const [row] = await this.db.update(gatherings).set(fields).where(eq(gatherings.id, id)).returning();
    return row;
  }

  async remove(id: string): Promise<boolean> {
    const deleted = await this.db.delete(gatherings).where(eq(gatherings.id, id)).returning({ id: gatherings.id });
    return deleted.length > 0;
  }

  /** Which of the links name something that exists, so a form never saves a link to nothing. */
  async missingLinks(fields: GatheringFields): Promise<Array<'qna_session_id' | 'collection_id' | 'sermon_id'>> {
    const missing: Array<'qna_session_id' | 'collection_id' | 'sermon_id'> = [];
    const exists = async (found: Promise<unknown[]>) => (await found).length > 0;
    if (fields.qnaSessionId) {
      const query = this.db
        .select({ id: qnaSessions.id })
        .from(qnaSessions)
        .where(eq(qnaSessions.id, fields.qnaSessionId));
      if (!(await exists(query))) missing.push('qna_session_id');
    }
    if (fields.collectionId) {
      const query = this.db
        .select({ id: photoCollections.id })
        .from(photoCollections)
        .where(eq(photoCollections.id, fields.collectionId));
      if (!(await exists(query))) missing.push('collection_id');
    }
    if (fields.sermonId) {
      const query = this.db.select({ id: sermons.id }).from(sermons).where(eq(sermons.id, fields.sermonId));
      if (!(await exists(query))) missing.push('sermon_id');
    }
    return missing;
  }

  async linked(id: string): Promise<LinkedGathering | undefined> {
    const [row] = await this.linkedQuery().where(eq(gatherings.id, id)).limit(1);
    return row;
  }

  /**
   * The latest gathering from `since` to `day` (so `day`'s own comes first), else the next one after `day`
   * (see GatheringService.current).
   */
  async current(day: string, since: string): Promise<LinkedGathering | undefined> {
    const [recent] = await this.linkedQuery()
      .where(and(gte(gatherings.date, since), lte(gatherings.date, day)))
      .orderBy(desc(gatherings.date), desc(gatherings.createdAt))
      .limit(1);
    if (recent) return recent;
    const [next] = await this.linkedQuery()
      .where(gt(gatherings.date, day))
      .orderBy(asc(gatherings.date), desc(gatherings.createdAt))
      .limit(1);
    return next;
  }

  private linkedQuery() {
    return this.db
      .select({
        gathering: gatherings,
        qnaActive: qnaSessions.isActive,
        collectionActive: photoCollections.isActive,
        sermon: { title: sermons.title, speaker: sermons.speaker, videoUrl: sermons.videoUrl },
      })
      .from(gatherings)
      .leftJoin(qnaSessions, eq(qnaSessions.id, gatherings.qnaSessionId))
      .leftJoin(photoCollections, eq(photoCollections.id, gatherings.collectionId))
      .leftJoin(sermons, eq(sermons.id, gatherings.sermonId))
      .$dynamic();
  }
}
