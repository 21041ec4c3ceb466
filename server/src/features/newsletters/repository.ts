import { asc, sql } from 'drizzle-orm';
import type { Recipient } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';
import { emailSenders } from '../../platform/database/schema/newsletters.js';
import { hasConsent } from './mailable.js';

export class EmailRepository {
  constructor(private readonly db: Database) {}

  /**
   * Every address that reached the church through a form, once, with the newest name given
   * for it and every form it came through.
   */
  async recipients(): Promise<Recipient[]> {
    const result = await this.db.execute<{
      email: string;
      name: string | null;
      sources: string[];
      unsubscribed: boolean;
      consent: boolean;
    }>(sql`
      with sightings as (
        select email, name, 'contact' as source, created_at, false as unsubscribed from contact_submissions
        union all
        select email, trim(first_name || ' ' || last_name), 'connect', created_at, false from connect_submissions
        union all
        select email, trim(first_name || ' ' || last_name), 'building_fund', created_at, false from building_fund_pledges
        union all
        select email, name, 'giving', created_at, false from giving_submissions
        union all
        select email, '', 'newsletter', subscribed_at, unsubscribed_at is not null from newsletter_subscribers
      ),
      people as (
        select lower(email) as email,
               (array_agg(name order by created_at desc) filter (where name <> ''))[1] as name,
               array_agg(distinct source order by source) as sources,
               bool_or(unsubscribed) as unsubscribed
        from sightings
        group by lower(email)
      )
      select people.*, ${hasConsent(sql`people.email`)} as consent
      from people
      order by people.email
    `);
    return result.rows.map((row) => {
      const sources = row.sources as Recipient['sources'];
      return {
        email: row.email,
        name: row.name ?? '',
        source: sources[0]!,
        sources,
        unsubscribed: row.unsubscribed,
        consent: row.consent,
      };
    });
  }

  customSenders() {
    return this.db
      .select({ id: emailSenders.id, name: emailSenders.name, email: emailSenders.email })
      .from(emailSenders)
      .orderBy(asc(emailSenders.name));
  }
}
