import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { newsletterSubscribers } from '../../platform/database/schema/newsletters.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { giveConsent, withdrawConsent } from './consent.js';

export class NewsletterRepository {
  constructor(private readonly db: Database) {}

  async subscriber(id: number): Promise<typeof newsletterSubscribers.$inferSelect | undefined> {
    const [row] = await this.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    return row;
  }

  /**
   * One row per address whatever its letter case (the unique index is on lower(email)), so a second
   * signup is not an error, and an address that had left is subscribed again from now.
   * Drizzle's conflict target takes only plain columns, hence the written-out statement.
   * A new or renewed subscription gets `subscribed_at = now()` (the transaction's time), which is
   * how it is told apart from a repeat signup, and its welcome mail is queued with it.
   */
  async subscribe(email: string): Promise<void> {
    const { subscribedAt, unsubscribedAt } = newsletterSubscribers;
    await this.db.transaction(async (tx) => {
      const result = await tx.execute<{ id: number; welcome: boolean }>(sql`
        insert into ${newsletterSubscribers} (email) values (${email})
        on conflict ((lower(email))) do update set
          subscribed_at = case when ${unsubscribedAt} is null then ${subscribedAt} else now() end,
          unsubscribed_at = null
        returning id, subscribed_at = now() as welcome`);
      const row = result.rows[0]!;
      // Subscribing is the consent itself.
      await giveConsent(tx, email, 'newsletter');
      if (row.welcome)
        await enqueueJob(tx, 'send-notification-email', { kind: 'newsletter-welcome', recordId: row.id });
    });
  }

  /**
   * Records that the address wants no more bulk mail, also when it never subscribed (it came
   * through another form), so later campaigns skip it, and withdraws its consent given on any form.
   * Leaving twice keeps the first date.
   */
  async unsubscribe(email: string): Promise<void> {
    const { unsubscribedAt } = newsletterSubscribers;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ${newsletterSubscribers} (email, unsubscribed_at) values (${email}, now())
        on conflict ((lower(email))) do update set unsubscribed_at = coalesce(${unsubscribedAt}, now())`);
      await withdrawConsent(tx, email);
    });
  }
}
