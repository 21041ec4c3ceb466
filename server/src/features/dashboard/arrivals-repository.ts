import { sql } from 'drizzle-orm';
import type { EventArrivals } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';

/** Today's doors: the events on today's date (on the church's clock) that take sign-ups, with who has arrived. */
export class ArrivalsRepository {
  constructor(private readonly db: Database) {}

  async today(timeZone: string): Promise<EventArrivals[]> {
    // An event of several days (a weekend away) has a door on each of them.
    const { rows } = await this.db.execute<EventArrivals>(sql`
      select e.id as event_id, e.title, to_char(e.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at,
        (select coalesce(sum(r.party), 0)::int from event_registrations r
          where r.event_id = e.id and r.checked_in_at is not null) as arrived,
        s.places_taken, s.capacity
      from events e
      join event_registration_settings s on s.event_id = e.id and s.enabled
      where (now() at time zone ${timeZone})::date
        between (e.date at time zone ${timeZone})::date and (coalesce(e.end_date, e.date) at time zone ${timeZone})::date
      order by e.date, e.id`);
    return rows;
  }
}
