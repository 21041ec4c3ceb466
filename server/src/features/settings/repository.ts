import { count, eq, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ChurchSettingsRepository, type DemoContent } from '../../platform/church-settings/repository.js';
import type { Database, Transaction } from '../../platform/database/client.js';
import { albums } from '../../platform/database/schema/albums.js';
import { photoCollections } from '../../platform/database/schema/collections.js';
import { events } from '../../platform/database/schema/events.js';
import { qnaSessions } from '../../platform/database/schema/qna.js';
import { sermons } from '../../platform/database/schema/sermons.js';
import { services } from '../../platform/database/schema/services.js';
import { staffUsers } from '../../platform/database/schema/staff.js';

/** Each kind of demo item and the table it sits in. */
const DEMO_TABLES: Array<[kind: keyof DemoContent, table: PgTable, id: PgColumn]> = [
  ['sermons', sermons, sermons.id],
  ['events', events, events.id],
  ['services', services, services.id],
  ['albums', albums, albums.id],
  ['qnaSessions', qnaSessions, qnaSessions.id],
  ['photoCollections', photoCollections, photoCollections.id],
];

/** What Settings and the first-run checklist read beyond the church's details. */
export class SettingsRepository {
  private readonly church: ChurchSettingsRepository;

  constructor(private readonly db: Database) {
    this.church = new ChurchSettingsRepository(db);
  }

  async staffEmail(username: string): Promise<string | null> {
    const [row] = await this.db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(eq(staffUsers.username, username));
    return row?.email ?? null;
  }

  async activeStaffAccounts(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(staffUsers).where(isNull(staffUsers.deactivatedAt));
    return row?.n ?? 0;
  }

  testEmail() {
    return this.church.testEmail();
  }

  recordTestEmail(record: Parameters<ChurchSettingsRepository['recordTestEmail']>[0]) {
    return this.church.recordTestEmail(record);
  }

  /** How many of the demo seed's items are still there (staff may have removed some by hand). */
  async demoItemsLeft(): Promise<number> {
    const demo = await this.church.demoContent();
    if (!demo) return 0;
    return this.countLeft(this.db, demo);
  }

  /** Removes every demo item still there, in one transaction; answers how many went. */
  removeDemoContent(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const demo = await this.church.demoContent(tx);
      if (!demo) return 0;
      const left = await this.countLeft(tx, demo);
      for (const [kind, table, id] of DEMO_TABLES) {
        const ids = demo[kind] as Array<number | string>;
        if (ids.length) await tx.delete(table).where(inArray(id, ids));
      }
      await this.church.forgetDemoContent(tx);
      return left;
    });
  }

  private async countLeft(db: Database | Transaction, demo: DemoContent): Promise<number> {
    let left = 0;
    for (const [kind, table, id] of DEMO_TABLES) {
      const ids = demo[kind] as Array<number | string>;
      if (!ids.length) continue;
      const [row] = await db.select({ n: count() }).from(table).where(inArray(id, ids));
      left += row?.n ?? 0;
    }
    return left;
  }
}
