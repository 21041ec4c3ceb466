import type { HomepageContent } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';
import { homepageContent } from '../../platform/database/schema/homepage.js';

export type HomepageRow = typeof homepageContent.$inferSelect;

export class HomepageRepository {
  constructor(private readonly db: Database) {}

  /** The single stored row, if staff (or the demo seed) ever saved one. */
  async find(): Promise<HomepageRow | undefined> {
    const [row] = await this.db.select().from(homepageContent).limit(1);
    return row;
  }

  /** Writes the single row (id 1, its default), whether or not it exists yet. */
  async save(content: HomepageContent): Promise<HomepageRow> {
    const [row] = await this.db
      .insert(homepageContent)
      .values(content)
      .onConflictDoUpdate({ target: homepageContent.id, set: content })
      .returning();
    return row!;
  }
}
