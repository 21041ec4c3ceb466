import type { RegisterForm, RegistrationCounts, RegistrationStatus } from '@gather/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import {
  eventRegistrations,
  eventRegistrationSettings,
  registrationCheckIns,
} from '../../platform/database/schema/registrations.js';
import { events } from '../../platform/database/schema/events.js';
import { containing } from '../../platform/database/search.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { giveConsent } from '../newsletters/index.js';

export type SettingsRow = typeof eventRegistrationSettings.$inferSelect;
export type SettingsValues = Omit<
  typeof eventRegistrationSettings.$inferInsert,
  'eventId' | 'placesTaken' | 'updatedAt'
>;
export type RegistrationRow = typeof eventRegistrations.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A sign-up with its place on the waiting list (null unless waiting). */
export type PlacedRow = RegistrationRow & { waitlistPosition: number | null };

/** What a sign-up got: a place, a place on the waiting list, or nothing (full with no list). */
export type Claim = { status: 'confirmed' | 'waitlisted'; row: RegistrationRow; position: number | null };

const holdsPlaces = (status: string) => status === 'confirmed' || status === 'offered';

/**
 * Sign-ups' SQL. Places are claimed from `event_registration_settings.places_taken` by one conditional UPDATE
 * (row-locked and re-checked by PostgreSQL), so any number of API processes can never confirm more than capacity.
 */
export class RegistrationRepository {
  constructor(private readonly db: Database) {}

  async settings(eventId: number): Promise<SettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(eventRegistrationSettings)
      .where(eq(eventRegistrationSettings.eventId, eventId));
    return row;
  }

  async eventExists(eventId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    return row !== undefined;
  }

  /** Capacity may fall below the places already held: nobody loses a place, and nobody new gets one. */
  async saveSettings(eventId: number, values: SettingsValues): Promise<SettingsRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(eventRegistrationSettings)
        .values({ eventId, ...values })
        .onConflictDoUpdate({ target: eventRegistrationSettings.eventId, set: values })
        .returning();
      await this.promote(tx, eventId);
      return row!;
    });
  }

  async register(eventId: number, form: RegisterForm, waitlist: boolean): Promise<Claim | undefined> {
    return this.db.transaction(async (tx) => {
      const claimed = await this.claimPlaces(tx, eventId, form.party);
      if (!claimed && !waitlist) return undefined;
      // Joins to the waiting list take turns per event, so each is counted after the one before committed.
      if (!claimed) await this.lockSettings(tx, eventId);
      const status = claimed ? 'confirmed' : 'waitlisted';
      const [row] = await tx
        .insert(eventRegistrations)
        .values({ eventId, name: form.name, email: form.email, party: form.party, answers: form.answers, status })
        .returning();
      await enqueueJob(tx, 'send-notification-email', { kind: 'registration-confirmation', recordId: row!.id });
      if (form.newsletter_consent) await giveConsent(tx, form.email, 'registration');
      return { status, row: row!, position: claimed ? null : await this.positionOf(tx, row!) };
    });
  }

  /** Staff add someone by hand: a place if there is one, else the waiting list whatever the setting. */
  async add(eventId: number, form: Omit<RegisterForm, 'newsletter_consent'>): Promise<Claim> {
    return (await this.register(eventId, { ...form, newsletter_consent: false }, true))!;
  }

  async find(id: number): Promise<RegistrationRow | undefined> {
    const [row] = await this.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id));
    return row;
  }

  async list(eventId: number, search: string, status: RegistrationStatus | undefined): Promise<PlacedRow[]> {
    const table = eventRegistrations;
    const rows = await this.db
      .select()
      .from(table)
      .where(
        and(
          eq(table.eventId, eventId),
          status ? eq(table.status, status) : undefined,
          containing(search, [table.name, table.email]),
        ),
      )
      .orderBy(asc(table.id));
    const waiting = await this.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.eventId, eventId), eq(table.status, 'waitlisted')))
      .orderBy(asc(table.id));
    const positions = new Map(waiting.map((row, index) => [row.id, index + 1]));
    return rows.map((row) => ({ ...row, waitlistPosition: positions.get(row.id) ?? null }));
  }

  async counts(eventId: number): Promise<RegistrationCounts> {
    const { rows } = await this.db.execute<Record<keyof RegistrationCounts, number>>(sql`
      select coalesce(settings.capacity, 0)::int as capacity, coalesce(settings.places_taken, 0)::int as places_taken,
        count(*) filter (where r.status = 'confirmed')::int as confirmed,
        count(*) filter (where r.status = 'waitlisted')::int as waitlisted,
        count(*) filter (where r.status = 'offered')::int as offered,
        count(*) filter (where r.checked_in_at is not null)::int as checked_in,
        count(*) filter (where r.status = 'cancelled')::int as cancelled,
        coalesce(sum(r.party) filter (where r.checked_in_at is not null), 0)::int as arrived
      from (select ${eventId}::int as event_id) wanted
      left join ${eventRegistrationSettings} settings on settings.event_id = wanted.event_id
      left join ${eventRegistrations} r on r.event_id = wanted.event_id
      group by settings.capacity, settings.places_taken`);
    return rows[0]!;
  }

  /**
   * Cancels a sign-up and gives its places to the waiting list. Answers the row as it was, or undefined when
   * there is none (or it was already cancelled).
   */
  async cancel(id: number): Promise<RegistrationRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)).for('update');
      if (!before || before.status === 'cancelled') return undefined;
      await tx
        .update(eventRegistrations)
        .set({ status: 'cancelled', offerExpiresAt: null })
        .where(eq(eventRegistrations.id, id));
      if (holdsPlaces(before.status)) await this.release(tx, before.eventId, before.party);
      await this.promote(tx, before.eventId);
      return before;
    });
  }

  /**
   * A new party size. More people need free places (false when there are none); fewer give theirs to the
   * waiting list.
   */
  async changeParty(id: number, party: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)).for('update');
      if (!row || row.status === 'cancelled') return false;
      const more = party - row.party;
      if (holdsPlaces(row.status) && more > 0 && !(await this.claimPlaces(tx, row.eventId, more))) return false;
      await tx.update(eventRegistrations).set({ party }).where(eq(eventRegistrations.id, id));
      if (holdsPlaces(row.status) && more < 0) await this.release(tx, row.eventId, -more);
      await this.promote(tx, row.eventId);
      return true;
    });
  }

  /** An offered place taken up in time; its confirmation (with the ticket) is mailed. */
  async accept(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const accepted = await tx
        .update(eventRegistrations)
        .set({ status: 'confirmed', offerExpiresAt: null })
        .where(
          and(
            eq(eventRegistrations.id, id),
            eq(eventRegistrations.status, 'offered'),
            sql`${eventRegistrations.offerExpiresAt} > now()`,
          ),
        )
        .returning({ id: eventRegistrations.id });
      if (accepted.length === 0) return false;
      await enqueueJob(tx, 'send-notification-email', { kind: 'registration-confirmation', recordId: id });
      return true;
    });
  }

  /** Staff move someone off the waiting list straight to a place, if the places are there. */
  async confirmFromWaitlist(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)).for('update');
      if (!row || (row.status !== 'waitlisted' && row.status !== 'offered')) return false;
      if (row.status === 'waitlisted' && !(await this.claimPlaces(tx, row.eventId, row.party))) return false;
      await tx
        .update(eventRegistrations)
        .set({ status: 'confirmed', offerExpiresAt: null })
        .where(eq(eventRegistrations.id, id));
      await enqueueJob(tx, 'send-notification-email', { kind: 'registration-confirmation', recordId: id });
      return true;
    });
  }

  /** Offers not taken up in time: each is cancelled and its places pass on. Answers the events touched. */
  async expireOffers(): Promise<number[]> {
    const { rows } = await this.db.execute<{ id: number }>(sql`
      select id from ${eventRegistrations}
      where status = 'offered' and offer_expires_at <= now() order by id limit 200`);
    const events = new Set<number>();
    for (const { id } of rows) {
      const cancelled = await this.cancel(id);
      if (cancelled) events.add(cancelled.eventId);
    }
    return [...events];
  }

  /**
   * Claims the reminders of events starting within the day and queues their mail; a sign-up's claim is one
   * conditional UPDATE, so two sweeps never both send it.
   */
  async claimReminders(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        update ${eventRegistrations} r set reminder_claimed_at = now()
        from events e
        where e.id = r.event_id and r.status = 'confirmed' and r.reminder_claimed_at is null
          and e.date > now() and e.date <= now() + interval '1 day'
        returning r.id`);
      for (const { id } of rows) {
        await enqueueJob(tx, 'send-notification-email', { kind: 'registration-reminder', recordId: id });
      }
      return rows.length;
    });
  }

  /**
   * One check-in. The phone's `clientId` is stored with its outcome: sent again (after the network came back),
   * it answers the first outcome and changes nothing.
   */
  async checkIn(registrationId: number, clientId: string, at: Date): Promise<'checked_in' | 'already_checked_in'> {
    return this.db.transaction(async (tx) => {
      const [seen] = await tx
        .select({ outcome: registrationCheckIns.outcome })
        .from(registrationCheckIns)
        .where(eq(registrationCheckIns.clientId, clientId));
      if (seen) return seen.outcome as 'checked_in' | 'already_checked_in';
      const arrived = await tx
        .update(eventRegistrations)
        .set({ checkedInAt: at })
        .where(and(eq(eventRegistrations.id, registrationId), sql`${eventRegistrations.checkedInAt} is null`))
        .returning({ id: eventRegistrations.id });
      const outcome = arrived.length > 0 ? 'checked_in' : 'already_checked_in';
      const stored = await tx
        .insert(registrationCheckIns)
        .values({ clientId, registrationId, outcome })
        .onConflictDoNothing()
        .returning({ outcome: registrationCheckIns.outcome });
      if (stored.length > 0) return outcome;
      // The same check-in arrived twice at once: this one found the person already in and changed nothing;
      // the other one's outcome stands.
      const [first] = await tx
        .select({ outcome: registrationCheckIns.outcome })
        .from(registrationCheckIns)
        .where(eq(registrationCheckIns.clientId, clientId));
      return first!.outcome as 'checked_in' | 'already_checked_in';
    });
  }

  async byTicket(eventId: number, ticket: string): Promise<RegistrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.ticket, ticket)));
    return row;
  }

  /** Every address signed up (confirmed or offered) for an event, for a service message. */
  async recipients(eventId: number): Promise<Array<{ name: string; email: string }>> {
    return this.db
      .selectDistinctOn([eventRegistrations.email], { name: eventRegistrations.name, email: eventRegistrations.email })
      .from(eventRegistrations)
      .where(
        and(eq(eventRegistrations.eventId, eventId), sql`${eventRegistrations.status} in ('confirmed', 'offered')`),
      )
      .orderBy(eventRegistrations.email);
  }

  private async positionOf(tx: Tx, row: RegistrationRow): Promise<number> {
    const { rows } = await tx.execute<{ position: number }>(sql`
      select count(*)::int as position from ${eventRegistrations}
      where event_id = ${row.eventId} and status = 'waitlisted' and id <= ${row.id}`);
    return rows[0]!.position;
  }

  /** Takes `count` places if that many are free; the one statement that keeps an event from being overbooked. */
  private async claimPlaces(tx: Tx, eventId: number, count: number): Promise<boolean> {
    const claimed = await tx
      .update(eventRegistrationSettings)
      .set({ placesTaken: sql`${eventRegistrationSettings.placesTaken} + ${count}` })
      .where(
        and(
          eq(eventRegistrationSettings.eventId, eventId),
          sql`${eventRegistrationSettings.placesTaken} + ${count} <= ${eventRegistrationSettings.capacity}`,
        ),
      )
      .returning({ eventId: eventRegistrationSettings.eventId });
    return claimed.length > 0;
  }

  private async lockSettings(tx: Tx, eventId: number) {
    const [settings] = await tx
      .select()
      .from(eventRegistrationSettings)
      .where(eq(eventRegistrationSettings.eventId, eventId))
      .for('update');
    return settings;
  }

  private async release(tx: Tx, eventId: number, count: number): Promise<void> {
    await tx
      .update(eventRegistrationSettings)
      .set({ placesTaken: sql`greatest(${eventRegistrationSettings.placesTaken} - ${count}, 0)` })
      .where(eq(eventRegistrationSettings.eventId, eventId));
  }

  /**
   * Offers free places to the waiting list in order: each person offered holds the places for the event's
   * accept window and is mailed. It stops at the first party that does not fit, so nobody is passed over.
   */
  private async promote(tx: Tx, eventId: number): Promise<void> {
    const settings = await this.lockSettings(tx, eventId);
    if (!settings?.enabled) return;
    for (;;) {
      const [next] = await tx
        .select()
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waitlisted')))
        .orderBy(asc(eventRegistrations.id))
        .limit(1)
        .for('update');
      if (!next || !(await this.claimPlaces(tx, eventId, next.party))) return;
      await tx
        .update(eventRegistrations)
        .set({ status: 'offered', offerExpiresAt: sql`now() + make_interval(hours => ${settings.acceptHours})` })
        .where(eq(eventRegistrations.id, next.id));
      await enqueueJob(tx, 'send-notification-email', { kind: 'registration-offer', recordId: next.id });
    }
  }
}
