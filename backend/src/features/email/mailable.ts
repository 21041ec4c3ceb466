import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether bulk mail may go to an address: one rule, checked when a campaign's deliveries are made
 * and again just before each is sent, since an address can leave the list in between.
 */
export function mayMail(email: SQL): SQL {
  return sql`not exists (select 1 from newsletter_subscribers subscriber
                         where lower(subscriber.email) = lower(${email}) and subscriber.unsubscribed_at is not null)`;
}
