import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { emailConsents, newsletterSubscribers } from '../../platform/database/schema/newsletters.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { giveConsent, pendingConsent, withdrawConsent } from './consent.js';

export class NewsletterRepository {
  constructor(private readonly db: Database) {}

  async subscriber(id: number): Promise<typeof newsletterSubscribers.$inferSelect | undefined> {
    const [row] = await this.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    return row;
  }

  pendingConsent(id: number): Promise<{ email: string } | undefined> {
    return pendingConsent(this.db, id);
  }

  /**
   * One row per address whatever its letter case (the unique index is on lower(email)), so a second
   * signup is not an error, and an address that had left is subscribed again from now.
   * Drizzle's conflict target takes only plain columns, hence the written-out statement.
   * Subscribing is consent, pending until the address's owner confirms it; the welcome waits for that.
   */
  async subscribe(email: string): Promise<void> {
    const { subscribedAt, unsubscribedAt } = newsletterSubscribers;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ${newsletterSubscribers} (email) values (${email})
        on conflict ((lower(email))) do update set
          subscribed_at = case when ${unsubscribedAt} is null then ${subscribedAt} else now() end,
          unsubscribed_at = null`);
      await giveConsent(tx, email, 'newsletter');
    });
  }

  /**
   * The owner's Confirm: the consent counts from now, and a newsletter sign-up of the address gets its welcome.
   * Confirming twice is no error ('already'); a consent since withdrawn or erased cannot be confirmed ('gone').
   */
  async confirm(consentId: number): Promise<'confirmed' | 'already' | 'gone'> {
    return this.db.transaction(async (tx) => {
      const confirmed = await tx.execute<{ email: string }>(sql`
        update ${emailConsents} set confirmed_at = now()
        where id = ${consentId} and confirmed_at is null and withdrawn_at is null
        returning email`);
      const email = confirmed.rows[0]?.email;
      if (!email) {
        const open = await tx.execute(sql`
          select 1 from ${emailConsents} where id = ${consentId} and withdrawn_at is null`);
        return open.rows.length ? 'already' : 'gone';
      }
      const [subscriber] = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(
          sql`lower(${newsletterSubscribers.email}) = ${email} and ${newsletterSubscribers.unsubscribedAt} is null`,
        );
      if (subscriber)
        await enqueueJob(tx, 'send-notification-email', { kind: 'newsletter-welcome', recordId: subscriber.id });
      return 'confirmed';
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
