import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema.js';

export class NewsletterRepository {
  constructor(private readonly db: Database) {}

  /**
   * One row per address whatever its letter case (the unique index is on lower(email)), so a second
   * signup is not an error, and an address that had left is subscribed again from now.
   * Drizzle's conflict target takes only plain columns, hence the written-out statement.
   */
  async subscribe(email: string): Promise<void> {
    const { subscribedAt, unsubscribedAt } = newsletterSubscribers;
    await this.db.execute(sql`
      insert into ${newsletterSubscribers} (email) values (${email})
      on conflict ((lower(email))) do update set
        subscribed_at = case when ${unsubscribedAt} is null then ${subscribedAt} else now() end,
        unsubscribed_at = null`);
  }
}
