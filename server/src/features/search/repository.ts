import { sql } from 'drizzle-orm';
import type { StaffSearchAnswer } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';

/** `%text%` for ILIKE, with the text's own % and _ (and the escape) taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (mark) => `\\${mark}`)}%`;
}

/**
 * The palette's look-ups: a few rows of each kind whose names contain what was typed. Each is one bounded query
 * over tables a church keeps in the thousands at most, so a sequential scan is fine.
 */
export class SearchRepository {
  constructor(private readonly db: Database) {}

  /** E-mail addresses from every form that takes one, each once, with the latest name given. */
  async people(text: string, limit: number): Promise<StaffSearchAnswer['people']> {
    const like = containing(text);
    const result = await this.db.execute<{ email: string; name: string }>(sql`
      select distinct on (lower(email)) lower(email) as email, name
      from (
        select email, name, created_at from contact_submissions
        union all select email, first_name || ' ' || last_name, created_at from connect_submissions
        union all select email, name, created_at from giving_submissions
        union all select email, first_name || ' ' || last_name, created_at from building_fund_pledges
      ) as given
      where email ilike ${like} or name ilike ${like}
      order by lower(email), created_at desc
      limit ${limit}
    `);
    return result.rows;
  }

  async events(text: string, limit: number): Promise<StaffSearchAnswer['events']> {
    const result = await this.db.execute<{ id: number; title: string; date: string }>(sql`
      select id, title, to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date from events
      where title ilike ${containing(text)} or location ilike ${containing(text)}
      order by date desc limit ${limit}
    `);
    return result.rows;
  }

  async campaigns(text: string, limit: number): Promise<StaffSearchAnswer['campaigns']> {
    const result = await this.db.execute<{ id: number; subject: string; status: string }>(sql`
      select id, subject, status from email_campaigns
      where subject ilike ${containing(text)}
      order by created_at desc limit ${limit}
    `);
    return result.rows;
  }

  async pledges(text: string, limit: number): Promise<StaffSearchAnswer['pledges']> {
    const like = containing(text);
    const result = await this.db.execute<{ id: number; name: string; email: string; total: string }>(sql`
      select id, first_name || ' ' || last_name as name, email, total_pledge::text || ' ' || currency as total
      from building_fund_pledges
      where first_name || ' ' || last_name ilike ${like} or email ilike ${like}
      order by created_at desc limit ${limit}
    `);
    return result.rows;
  }
}
