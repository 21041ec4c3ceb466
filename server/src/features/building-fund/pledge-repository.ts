import {
  PLEDGE_ORDERING,
  type PaymentStatus,
  type PledgeQuery,
  type PledgeRequest,
  type PledgeSummary,
} from '@gather/contracts';
import { and, eq, getTableColumns, inArray, not, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { buildingFundPledges } from '../../platform/database/schema/building-fund.js';
import { offsetOf, orderingFor } from '../../platform/database/paging.js';
import { containing } from '../../platform/database/search.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { giveConsent } from '../newsletters/index.js';
import { enqueueReceipt } from '../../platform/jobs/receipts.js';
import { declareGiftAid } from './gift-aid-repository.js';
import { giftCountSql, paidSql } from './paid.js';

export type PledgeRow = typeof buildingFundPledges.$inferSelect;
/** A pledge with what its gifts add up to, as staff see it. */
export type PledgeWithGifts = PledgeRow & { paid: string; giftCount: number; behindSchedule: boolean };

/** Filters as the list, summary and export share them; `today` is the church's calendar day. */
export type PledgeFilter = Omit<PledgeQuery, 'page' | 'page_size' | 'ordering'> & { today: string };

export type PledgeChange = { paymentStatus?: PaymentStatus; adminNotes?: string };
export type BulkChange = { paymentStatus: PaymentStatus } | 'delete';
export type BulkOutcome = { unknownIds: number[] } | { changed: number };

const pledges = buildingFundPledges;

const sorts: Record<(typeof PLEDGE_ORDERING)[number] | 'id', AnyColumn | SQL> = {
  id: pledges.id,
  created_at: pledges.createdAt,
  // A row value sorts by last name, then first name, in whichever direction is asked.
  name: sql`(lower(${pledges.lastName}), lower(${pledges.firstName}))`,
  email: sql`lower(${pledges.email})`,
  total_pledge: pledges.totalPledge,
  payment_amount: pledges.paymentAmount,
  pay_by_date: pledges.payByDate,
  payment_status: pledges.paymentStatus,
};

/**
 * BEHIND_SCHEDULE_RULE in SQL: the "share expected by today" compares paid × span with total × days gone,
 * so no division rounds a penny away.
 */
const behindScheduleOn = (today: string) => {
  const paid = paidSql(pledges.id);
  const madeOn = sql`${pledges.createdAt}::date`;
  return sql`(${pledges.paymentStatus} <> 'completed' and ${paid} < ${pledges.totalPledge} and (
    ${pledges.payByDate} < ${today}::date
    or ${paid} * (${pledges.payByDate} - ${madeOn}) < ${pledges.totalPledge} * (${today}::date - ${madeOn})))`;
};

const withGifts = (today: string) => ({
  ...getTableColumns(pledges),
  paid: sql<string>`${paidSql(pledges.id)}::text`,
  giftCount: sql<number>`${giftCountSql(pledges.id)}::int`,
  behindSchedule: sql<boolean>`${behindScheduleOn(today)}`,
});

const fullName = sql`concat_ws(' ', ${pledges.firstName}, nullif(${pledges.middleName}, ''), ${pledges.lastName})`;

const overdueOn = (today: string) =>
  sql`(${pledges.payByDate} < ${today}::date and ${pledges.paymentStatus} <> 'completed')`;

/** The dashboard's "due this week": today and the six days after it, by the church's calendar. */
const dueThisWeekOn = (today: string) =>
  sql`(${pledges.payByDate} between ${today}::date and ${today}::date + 6 and ${pledges.paymentStatus} <> 'completed')`;

function whereOf(filter: PledgeFilter): SQL | undefined {
  const overdue = overdueOn(filter.today);
  return and(
    containing(filter.search, [pledges.firstName, pledges.middleName, pledges.lastName, fullName, pledges.email]),
    filter.payment_status && eq(pledges.paymentStatus, filter.payment_status),
    filter.payment_type && eq(pledges.paymentType, filter.payment_type),
    filter.currency && eq(pledges.currency, filter.currency),
    filter.overdue === undefined ? undefined : filter.overdue ? overdue : not(overdue),
    filter.due_this_week === undefined
      ? undefined
      : filter.due_this_week
        ? dueThisWeekOn(filter.today)
        : not(dueThisWeekOn(filter.today)),
    filter.behind_schedule === undefined
      ? undefined
      : filter.behind_schedule
        ? behindScheduleOn(filter.today)
        : not(behindScheduleOn(filter.today)),
  );
}

/** Amounts go in as decimal text, so numeric columns keep them exactly. */
function columnsOf(pledge: PledgeRequest) {
  return {
    firstName: pledge.first_name,
    middleName: pledge.middle_name,
    lastName: pledge.last_name,
    email: pledge.email,
    phone: pledge.phone,
    totalPledge: pledge.total_pledge,
    currency: pledge.currency,
    paymentType: pledge.payment_type,
    paymentAmount: pledge.payment_amount,
    payByDate: pledge.pay_by_date,
    paymentMethod: pledge.payment_method,
    message: pledge.message,
  };
}

export class PledgeRepository {
  constructor(private readonly db: Database) {}

  /**
   * The donor's confirmation is held back when their address had one within the hour. A ticked Gift
   * Aid box is declared on `today`, the church's calendar day.
   */
  async add(pledge: PledgeRequest, today: string): Promise<PledgeRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(pledges).values(columnsOf(pledge)).returning();
      await enqueueReceipt(tx, 'pledge-confirmation', row!.id, row!.email);
      if (pledge.newsletter_consent) await giveConsent(tx, row!.email, 'building_fund');
      await declareGiftAid(tx, row!, pledge, 'building_fund', today);
      return row!;
    });
  }

  /**
   * The row a pledge would have been, stored nowhere: for a form a script sent, answered as if kept.
   * Its id is drawn from the table's own sequence, so it looks like any other.
   */
  async unsaved(pledge: PledgeRequest): Promise<PledgeRow> {
    const result = await this.db.execute<{ id: number; now: string }>(
      sql`select nextval(pg_get_serial_sequence('building_fund_pledges', 'id'))::int as id, now()::text as now`,
    );
    const { id, now } = result.rows[0]!;
    const at = new Date(now);
    return {
      ...columnsOf(pledge),
      id,
      paymentStatus: 'pending',
      adminNotes: '',
      remindersEnabled: true,
      createdAt: at,
      updatedAt: at,
    };
  }

  /** Checks the ordering before anything is read, so a bad one is refused before an export starts. */
  orderOf(ordering: string | undefined): SQL[] {
    return orderingFor(ordering, sorts, '-created_at');
  }

  async page(filter: PledgeFilter, order: SQL[], query: Pick<PledgeQuery, 'page' | 'page_size'>) {
    const where = whereOf(filter);
    const [count, rows] = await Promise.all([
      this.db.$count(pledges, where),
      this.db
        .select(withGifts(filter.today))
        .from(pledges)
        .where(where)
        .orderBy(...order)
        .limit(query.page_size)
        .offset(offsetOf(query)),
    ]);
    return { count, rows };
  }

  /** Every matching id in order, read at one moment, so an export lists one consistent set. */
  async matchingIds(filter: PledgeFilter, order: SQL[]): Promise<number[]> {
    const rows = await this.db
      .select({ id: pledges.id })
      .from(pledges)
      .where(whereOf(filter))
      .orderBy(...order);
    return rows.map((row) => row.id);
  }

  /** The rows for these ids, in the order the ids are given. */
  async inIdOrder(ids: number[], today: string): Promise<PledgeWithGifts[]> {
    if (!ids.length) return [];
    return this.db
      .select(withGifts(today))
      .from(pledges)
      .where(inArray(pledges.id, ids))
      .orderBy(sql`array_position(${sql.param(ids)}::int[], ${pledges.id})`);
  }

  /** Sums in SQL numeric, so money totals stay exact to the penny. */
  async summary(filter: PledgeFilter): Promise<PledgeSummary> {
    const totalIn = (currency: string) =>
      sql<string>`round(coalesce(sum(${pledges.totalPledge}) filter (where ${pledges.currency} = ${currency}), 0), 2)::text`;
    const [row] = await this.db
      .select({
        gbp: totalIn('GBP'),
        usd: totalIn('USD'),
        count: sql<number>`count(*)::int`,
        overdueCount: sql<number>`(count(*) filter (where ${overdueOn(filter.today)}))::int`,
      })
      .from(pledges)
      .where(whereOf(filter));
    return { totals: { GBP: row!.gbp, USD: row!.usd }, count: row!.count, overdue_count: row!.overdueCount };
  }

  async find(id: number, today: string): Promise<PledgeWithGifts | undefined> {
    const [row] = await this.db.select(withGifts(today)).from(pledges).where(eq(pledges.id, id));
    return row;
  }

  async update(id: number, change: PledgeChange, today: string): Promise<PledgeWithGifts | undefined> {
    const [row] = await this.db.update(pledges).set(change).where(eq(pledges.id, id)).returning({ id: pledges.id });
    return row && this.find(row.id, today);
  }

  /** Queues the follow-up e-mail; false when the pledge does not exist. */
  async queueFollowUp(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: pledges.id }).from(pledges).where(eq(pledges.id, id)).for('share');
      if (!row) return false;
      await enqueueJob(tx, 'send-notification-email', { kind: 'pledge-follow-up', recordId: id });
      return true;
    });
  }

  async delete(id: number): Promise<boolean> {
    const removed = await this.db.delete(pledges).where(eq(pledges.id, id)).returning({ id: pledges.id });
    return removed.length > 0;
  }

  /**
   * All or nothing: the listed pledges are locked first, and if any id is unknown nothing is
   * changed and the unknown ones are answered instead.
   */
  async bulk(ids: number[], change: BulkChange): Promise<BulkOutcome> {
    return this.db.transaction(async (tx) => {
      const locked = await tx.select({ id: pledges.id }).from(pledges).where(inArray(pledges.id, ids)).for('update');
      const known = new Set(locked.map((row) => row.id));
      const unknownIds = ids.filter((id) => !known.has(id));
      if (unknownIds.length) return { unknownIds };
      const listed = inArray(pledges.id, ids);
      if (change === 'delete') await tx.delete(pledges).where(listed);
      else await tx.update(pledges).set({ paymentStatus: change.paymentStatus }).where(listed);
      return { changed: ids.length };
    });
  }
}
