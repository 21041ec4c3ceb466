import type { ChurchSettings } from '@gather/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../database/client.js';
import { churchSettings } from '../database/schema/church-settings.js';

const DETAILS = 'church_details';
const TEST_EMAIL = 'test_email';
const DEMO_CONTENT = 'demo_content';

/**
 * What the demo seed added, by id, so that one button can remove exactly that. The home page's texts are not in it:
 * removing them would show the same default texts, and would lose staff's own edit.
 */
export interface DemoContent {
  sermons: number[];
  events: number[];
  services: number[];
  albums: number[];
  qnaSessions: string[];
  photoCollections: string[];
}

/**
 * The last test e-mail the mail server accepted: the first-run checklist's proof that mail goes out. Not the
 * address it went to, which nothing needs.
 */
export interface TestEmailRecord {
  at: string;
  reply: string;
}

/** The church's saved details and what Settings records beside them; the only SQL on them. */
export class ChurchSettingsRepository {
  constructor(private readonly db: Database | Transaction) {}

  async savedDetails(): Promise<Partial<ChurchSettings> | undefined> {
    const [row] = await this.db.select().from(churchSettings).where(eq(churchSettings.name, DETAILS));
    return row?.value as Partial<ChurchSettings> | undefined;
  }

  async saveDetails(details: ChurchSettings, tx: Database | Transaction = this.db): Promise<void> {
    await tx
      .insert(churchSettings)
      .values({ name: DETAILS, value: details })
      .onConflictDoUpdate({ target: churchSettings.name, set: { value: details, updatedAt: new Date() } });
  }

  async markDemoContent(demo: DemoContent, tx: Database | Transaction = this.db): Promise<void> {
    await tx.insert(churchSettings).values({ name: DEMO_CONTENT, value: demo }).onConflictDoNothing();
  }

  async demoContent(tx: Database | Transaction = this.db): Promise<DemoContent | undefined> {
    const [row] = await tx.select().from(churchSettings).where(eq(churchSettings.name, DEMO_CONTENT));
    return row?.value as DemoContent | undefined;
  }

  async forgetDemoContent(tx: Database | Transaction = this.db): Promise<void> {
    await tx.delete(churchSettings).where(eq(churchSettings.name, DEMO_CONTENT));
  }

  async testEmail(): Promise<TestEmailRecord | undefined> {
    const [row] = await this.db.select().from(churchSettings).where(eq(churchSettings.name, TEST_EMAIL));
    return row?.value as TestEmailRecord | undefined;
  }

  async recordTestEmail(record: TestEmailRecord): Promise<void> {
    await this.db
      .insert(churchSettings)
      .values({ name: TEST_EMAIL, value: record })
      .onConflictDoUpdate({ target: churchSettings.name, set: { value: record, updatedAt: new Date() } });
  }
}
