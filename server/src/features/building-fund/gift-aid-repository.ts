import type { GiftAidAnswer, GiftAidSource, GiftAidStatus } from '@gather/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import {
  giftAidClaimGifts,
  giftAidClaims,
  giftAidDeclarations,
  gifts,
} from '../../platform/database/schema/building-fund.js';
import type { Writer } from '../../platform/jobs/outbox.js';
import { inForceFor } from './gift-aid-since.js';
import type { TimeZone } from '../../platform/church-settings/time-zone.js';

export type DeclarationRow = typeof giftAidDeclarations.$inferSelect & { usedInClaim: boolean };
export type ClaimRow = { id: number; from: string; to: string; giftCount: number; total: string; createdAt: Date };
/** One line of HMRC's schedule, with the declaration's name and address. */
export type ScheduleRow = {
  title: string;
  firstName: string;
  lastName: string;
  houseNameOrNumber: string;
  postcode: string;
  receivedOn: string;
  amount: string;
};

export type Donor = { email: string; firstName: string; lastName: string };

/**
 * Stores the declaration a form's ticked box made, in the form's own transaction. HMRC's enduring
 * wording covers the past four years too, so every declaration from the forms covers past gifts.
 */
export async function declareGiftAid(
  tx: Writer,
  donor: Donor,
  form: GiftAidAnswer,
  source: GiftAidSource,
  declaredOn: string,
): Promise<void> {
  if (!form.gift_aid) return;
  await tx.insert(giftAidDeclarations).values({
    email: donor.email.toLowerCase(),
    title: form.title,
    firstName: donor.firstName,
    lastName: donor.lastName,
    houseNameOrNumber: form.house_name_or_number,
    postcode: form.postcode,
    declaredOn,
    coversPastGifts: true,
    source,
  });
}

/** The first day a declaration covers: its own day, or four years before when it says so. */
const coverStart = (declaration: SQL) =>
  sql`case when ${declaration}.covers_past_gifts then (${declaration}.declared_on - interval '4 years')::date
           else ${declaration}.declared_on end`;

/** The day a cancellation takes effect, in the church's calendar: gifts from that day on are not covered. */
const coverEnd = (declaration: SQL, timeZone: string) =>
  sql`(${declaration}.cancelled_at at time zone ${timeZone})::date`;

/**
 * Whether the address has a declaration in force (not cancelled), and the first day of gifts it covers.
 * For the fund's statements ("Gift Aid status").
 */
export async function giftAidStatus(db: Pick<Database, 'execute'>, email: string): Promise<GiftAidStatus> {
  const declaration = sql.raw('declaration');
  const result = await db.execute<{ covers_from: string; declared_on: string }>(sql`
    select min(${coverStart(declaration)})::text as covers_from, min(declaration.declared_on)::text as declared_on
    from ${giftAidDeclarations} declaration
    where ${inForceFor(declaration, sql`${email.toLowerCase()}`)}
    having count(*) > 0`);
  const row = result.rows[0];
  return row
    ? { declared: true, covers_gifts_from: row.covers_from, declared_on: row.declared_on }
    : { declared: false };
}

/** Serialises claims: the second of two at once sees the first's gifts as claimed. */
const CLAIM_LOCK = sql`select pg_advisory_xact_lock(hashtext('gift-aid-claims'))`;

export class GiftAidRepository {
  constructor(
    private readonly db: Database,
    private readonly timeZone: TimeZone,
  ) {}

  status(email: string): Promise<GiftAidStatus> {
    return giftAidStatus(this.db, email);
  }

  async declarations(email: string): Promise<DeclarationRow[]> {
    const result = await this.db
      .select()
      .from(giftAidDeclarations)
      .where(sql`lower(${giftAidDeclarations.email}) = ${email.toLowerCase()}`)
      .orderBy(giftAidDeclarations.declaredOn, giftAidDeclarations.id);
    const used = await this.usedDeclarations(result.map((row) => row.id));
    return result.map((row) => ({ ...row, usedInClaim: used.has(row.id) }));
  }

  /** Cancelling twice keeps the first date; undefined when there is no such declaration. */
  async cancel(id: number): Promise<DeclarationRow | undefined> {
    const [row] = await this.db
      .update(giftAidDeclarations)
      .set({ cancelledAt: sql`coalesce(${giftAidDeclarations.cancelledAt}, now())` })
      .where(sql`${giftAidDeclarations.id} = ${id}`)
      .returning();
    if (!row) return undefined;
    return { ...row, usedInClaim: (await this.usedDeclarations([id])).has(id) };
  }

  private async usedDeclarations(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const result = await this.db.execute<{ id: number }>(sql`
      select distinct declaration_id as id from ${giftAidClaimGifts}
      where declaration_id = any(${sql.param(ids)}::int[])`);
    return new Set(result.rows.map((row) => row.id));
  }

  /**
   * Records a claim of every sterling gift received in the range that a declaration covers and no
   * earlier claim holds, each with the newest declaration covering it. Undefined, and nothing
   * recorded, when no gift is eligible. Claims run one at a time; the unique gift id is the backstop.
   */
  async claim(from: string, to: string, preparedBy: string): Promise<ClaimRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(CLAIM_LOCK);
      const declaration = sql.raw('declaration');
      // One statement, so a claim of tens of thousands of gifts needs no list of them in memory.
      const result = await tx.execute<{ id: number | null }>(sql`
        with eligible as (
          select gift.id as gift_id, covering.id as declaration_id
          from ${gifts} gift
          cross join lateral (
            select declaration.id from ${giftAidDeclarations} declaration
            where gift.email <> '' and lower(declaration.email) = lower(gift.email)
              and gift.received_on >= ${coverStart(declaration)}
              and (declaration.cancelled_at is null or gift.received_on < ${coverEnd(declaration, this.timeZone())})
            order by declaration.declared_on desc, declaration.id desc
            limit 1
          ) covering
          where gift.currency = 'GBP' and gift.received_on between ${from}::date and ${to}::date
            and not exists (select 1 from ${giftAidClaimGifts} claimed where claimed.gift_id = gift.id)
        ),
        claim as (
          insert into ${giftAidClaims} (from_date, to_date, prepared_by)
          select ${from}::date, ${to}::date, ${preparedBy}::text where exists (select 1 from eligible)
          returning id
        ),
        claimed as (
          insert into ${giftAidClaimGifts} (claim_id, gift_id, declaration_id)
          select claim.id, eligible.gift_id, eligible.declaration_id from claim cross join eligible
        )
        select (select id from claim) as id`);
      const id = result.rows[0]?.id;
      if (!id) return undefined;
      return (await claimsWhere(tx, sql`claim.id = ${id}`))[0];
    });
  }

  claims(): Promise<ClaimRow[]> {
    return claimsWhere(this.db, sql`true`);
  }

  async find(id: number): Promise<ClaimRow | undefined> {
    return (await claimsWhere(this.db, sql`claim.id = ${id}`))[0];
  }

  /** The claim's gifts in the schedule's order (date, then gift), `limit` of them from `offset`. */
  async schedule(claimId: number, offset: number, limit: number): Promise<ScheduleRow[]> {
    const result = await this.db.execute<ScheduleRow>(sql`
      select declaration.title, declaration.first_name as "firstName", declaration.last_name as "lastName",
             declaration.house_name_or_number as "houseNameOrNumber", declaration.postcode,
             gift.received_on::text as "receivedOn", gift.amount::text as amount
      from ${giftAidClaimGifts} claimed
      join ${gifts} gift on gift.id = claimed.gift_id
      join ${giftAidDeclarations} declaration on declaration.id = claimed.declaration_id
      where claimed.claim_id = ${claimId}
      order by gift.received_on, gift.id
      offset ${offset} limit ${limit}`);
    return result.rows;
  }
}

/** Totals are summed in SQL numeric, so they are exact to the penny. */
async function claimsWhere(db: Pick<Database, 'execute'>, where: SQL): Promise<ClaimRow[]> {
  const result = await db.execute<{
    id: number;
    from: string;
    to: string;
    gift_count: number;
    total: string;
    created_at: string;
  }>(sql`
    select claim.id, claim.from_date::text as "from", claim.to_date::text as "to",
           count(gift.id)::int as gift_count, coalesce(sum(gift.amount), 0)::numeric(14, 2)::text as total,
           claim.created_at
    from ${giftAidClaims} claim
    left join ${giftAidClaimGifts} claimed on claimed.claim_id = claim.id
    left join ${gifts} gift on gift.id = claimed.gift_id
    where ${where}
    group by claim.id
    order by claim.id desc`);
  return result.rows.map((row) => ({
    id: row.id,
    from: row.from,
    to: row.to,
    giftCount: row.gift_count,
    total: row.total,
    createdAt: new Date(row.created_at),
  }));
}
