import type { TaxYear } from '@gather/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { giftAidSinceSql } from './gift-aid-since.js';
import { paidSql } from './paid.js';
import { enqueueJobs } from '../../platform/jobs/outbox.js';
import type { GiftLine, PledgeAccount, Statement } from './pledge-letters.js';

export type ReminderKind = 'due-soon' | 'overdue';

/** What the sweep judges by: the church's calendar day and PLEDGE_REMINDER_DAYS. */
export interface ReminderClock {
  today: string;
  days: number;
  timeZone: string;
}

const accountColumns = sql`pledge.total_pledge::text as "totalPledge", pledge.currency, pledge.pay_by_date::text as "payByDate",
  ${paidSql(sql`pledge.id`)}::text as paid`;

/** Reminders still make sense: switched on, an address to write to, not completed and a balance remaining. */
const mayRemind = sql`pledge.reminders_enabled and pledge.email <> '' and pledge.payment_status <> 'completed'
  and pledge.total_pledge > ${paidSql(sql`pledge.id`)}`;

/**
 * Claims the reminders due today and queues their mail, in one transaction: a second sweep at the
 * same moment (another worker) waits on the first's unique keys and then claims nothing, and a
 * claim that commits always has its mail job. "Due soon" runs from PLEDGE_REMINDER_DAYS before the
 * pay-by date until the day before, for pledges made before that window opened (a newer pledge's
 * confirmation has just said it all); "overdue" from the day after for as many days. Answers how
 * many were claimed.
 */
export async function claimDueReminders(db: Database, clock: ReminderClock): Promise<number> {
  const today = sql`${clock.today}::date`;
  return db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number }>(sql`
      insert into pledge_reminders (pledge_id, kind, pay_by_date)
      select pledge.id, due.kind, pledge.pay_by_date
      from building_fund_pledges pledge
      cross join lateral (values
        ('due-soon', pledge.pay_by_date - ${clock.days}::int <= ${today} and ${today} < pledge.pay_by_date
           and (pledge.created_at at time zone ${clock.timeZone})::date < pledge.pay_by_date - ${clock.days}::int),
        ('overdue', pledge.pay_by_date < ${today} and ${today} <= pledge.pay_by_date + ${clock.days}::int)
      ) as due(kind, now_due)
      where due.now_due and ${mayRemind}
      on conflict (pledge_id, kind, pay_by_date) do nothing
      returning id`);
    await enqueueJobs(
      tx,
      claimed.rows.map((row) => ({
        name: 'send-notification-email' as const,
        payload: { kind: 'pledge-reminder' as const, recordId: row.id },
      })),
    );
    return claimed.rows.length;
  });
}

/** A claimed reminder with its pledge as it stands now, for the worker to write. */
export async function loadReminder(db: Database, reminderId: number) {
  const result = await db.execute<
    PledgeAccount & { kind: ReminderKind; pledgeId: number; email: string; stillDue: boolean } & Record<string, unknown>
  >(sql`
    select reminder.kind, pledge.id as "pledgeId", pledge.email, ${accountColumns}, (${mayRemind}) as "stillDue"
    from pledge_reminders reminder join building_fund_pledges pledge on pledge.id = reminder.pledge_id
    where reminder.id = ${reminderId}`);
  return result.rows[0];
}

/** One pledge's statement: its gifts in date order and the donor's Gift Aid standing. */
export async function pledgeStatement(
  db: Database,
  pledgeId: number,
): Promise<{ email: string; statement: Statement } | undefined> {
  const result = await db.execute<
    PledgeAccount & { email: string; gifts: GiftLine[]; giftAidSince: string | null } & Record<string, unknown>
  >(sql`
    select pledge.email, ${accountColumns}, ${giftAidSinceSql(sql`pledge.email`)} as "giftAidSince",
      (select coalesce(json_agg(json_build_object('receivedOn', gift.received_on::text, 'amount', gift.amount::text,
                                                  'currency', gift.currency) order by gift.received_on, gift.id), '[]')
       from gifts gift where gift.pledge_id = pledge.id) as gifts
    from building_fund_pledges pledge where pledge.id = ${pledgeId} and pledge.email <> ''`);
  const row = result.rows[0];
  if (!row) return undefined;
  const { email, gifts, giftAidSince: since, ...account } = row;
  return { email, statement: { pledges: [account], gifts, giftAidSince: since } };
}

/** Queues one pledge's statement; false when there is no such pledge or no address to send it to. */
export async function queueStatement(db: Database, pledgeId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await tx.execute(
      sql`select 1 from building_fund_pledges where id = ${pledgeId} and email <> '' for share`,
    );
    if (found.rows.length === 0) return false;
    await enqueueJobs(tx, [
      { name: 'send-notification-email', payload: { kind: 'pledge-statement', recordId: pledgeId } },
    ]);
    return true;
  });
}

/**
 * Every donor (by address) with a gift received in the tax year: their gifts in that year, their
 * pledges as they stand and their Gift Aid standing.
 */
export async function taxYearStatements(
  db: Database,
  year: TaxYear,
): Promise<Array<{ email: string; statement: Statement }>> {
  const result = await db.execute<{
    email: string;
    gifts: GiftLine[];
    pledges: PledgeAccount[];
    giftAidSince: string | null;
  }>(sql`
    with donors as (
      select lower(gift.email) as email,
        json_agg(json_build_object('receivedOn', gift.received_on::text, 'amount', gift.amount::text,
                                   'currency', gift.currency) order by gift.received_on, gift.id) as gifts
      from gifts gift
      where gift.email <> '' and gift.received_on between ${year.from}::date and ${year.to}::date
      group by lower(gift.email))
    select donors.email, donors.gifts, ${giftAidSinceSql(sql`donors.email`)} as "giftAidSince",
      (select coalesce(json_agg(json_build_object('totalPledge', pledge.total_pledge::text, 'currency', pledge.currency,
                                                  'payByDate', pledge.pay_by_date::text,
                                                  'paid', ${paidSql(sql`pledge.id`)}::text) order by pledge.id), '[]')
       from building_fund_pledges pledge where lower(pledge.email) = donors.email) as pledges
    from donors order by donors.email`);
  return result.rows.map(({ email, gifts, pledges, giftAidSince: since }) => ({
    email,
    statement: { pledges, gifts, giftAidSince: since, taxYear: year.label },
  }));
}

/** Switches a pledge's reminders on or off; false when there is no such pledge. */
export async function setReminders(db: Database, pledgeId: number, enabled: boolean): Promise<boolean> {
  const result = await db.execute(
    sql`update building_fund_pledges set reminders_enabled = ${enabled}, updated_at = now() where id = ${pledgeId} returning id`,
  );
  return result.rows.length > 0;
}
