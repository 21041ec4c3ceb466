import type { GiftRequest, OneOffGiftRequest } from '@gather/contracts';
import { and, asc, desc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import {
  buildingFundGoals,
  buildingFundPledges,
  buildingFundSettings,
  giftAidClaimGifts,
  gifts,
} from '../../platform/database/schema/building-fund.js';

export type GiftRow = typeof gifts.$inferSelect;
export type ProgressRow = { currency: string; goal: string; received: string; pledged: string };
export type FundSettingsRow = { showProgress: boolean; goals: Record<string, string> };

const giftColumns = (gift: GiftRequest) => ({
  amount: gift.amount,
  receivedOn: gift.received_on,
  method: gift.method,
  reference: gift.reference,
});

/** Gifts received for the building fund, and the fund's goals and progress. */
export class GiftRepository {
  constructor(private readonly db: Database) {}

  /**
   * The pledge is locked while its gift is written, so a pledge deleted at the same moment leaves no half-made
   * gift. The donor's name, address and currency are copied onto the gift: it outlives the pledge.
   */
  async addToPledge(pledgeId: number, gift: GiftRequest): Promise<GiftRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [pledge] = await tx
        .select()
        .from(buildingFundPledges)
        .where(eq(buildingFundPledges.id, pledgeId))
        .for('share');
      if (!pledge) return undefined;
      const [row] = await tx
        .insert(gifts)
        .values({
          ...giftColumns(gift),
          pledgeId,
          firstName: pledge.firstName,
          lastName: pledge.lastName,
          email: pledge.email,
          currency: pledge.currency,
        })
        .returning();
      return row!;
    });
  }

  async addOneOff(gift: OneOffGiftRequest): Promise<GiftRow> {
    const [row] = await this.db
      .insert(gifts)
      .values({
        ...giftColumns(gift),
        firstName: gift.first_name,
        lastName: gift.last_name,
        email: gift.email,
        currency: gift.currency,
      })
      .returning();
    return row!;
  }

  /** In the order they came in. */
  ofPledge(pledgeId: number): Promise<GiftRow[]> {
    return this.db
      .select()
      .from(gifts)
      .where(eq(gifts.pledgeId, pledgeId))
      .orderBy(asc(gifts.receivedOn), asc(gifts.id));
  }

  /** Gifts with no pledge, newest first. */
  oneOff(): Promise<GiftRow[]> {
    return this.db.select().from(gifts).where(isNull(gifts.pledgeId)).orderBy(desc(gifts.receivedOn), desc(gifts.id));
  }

  /**
   * The deleted gift; 'claimed' when it is in a Gift Aid claim (HMRC's evidence, so it stays); undefined
   * when there was none. Only a pledge's own gift when `pledgeId` is given.
   */
  async delete(id: number, pledgeId?: number): Promise<GiftRow | 'claimed' | undefined> {
    const theGift = and(eq(gifts.id, id), pledgeId === undefined ? undefined : eq(gifts.pledgeId, pledgeId));
    const [row] = await this.db
      .delete(gifts)
      .where(and(theGift, notExists(this.db.select().from(giftAidClaimGifts).where(eq(giftAidClaimGifts.giftId, id)))))
      .returning();
    if (row) return row;
    const [kept] = await this.db.select({ id: gifts.id }).from(gifts).where(theGift);
    return kept ? 'claimed' : undefined;
  }

  async settings(): Promise<FundSettingsRow> {
    const [settings] = await this.db.select().from(buildingFundSettings);
    const goals = await this.db.select().from(buildingFundGoals);
    return {
      showProgress: settings?.showProgress ?? false,
      goals: Object.fromEntries(goals.map((row) => [row.currency, row.goal])),
    };
  }

  /** Replaces the flag and every goal at once: a currency left out or null has no goal afterwards. */
  async saveSettings(showProgress: boolean, goals: Record<string, string>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(buildingFundSettings)
        .values({ id: 1, showProgress })
        .onConflictDoUpdate({ target: buildingFundSettings.id, set: { showProgress, updatedAt: new Date() } });
      await tx.delete(buildingFundGoals);
      const rows = Object.entries(goals).map(([currency, goal]) => ({ currency, goal }));
      if (rows.length) await tx.insert(buildingFundGoals).values(rows);
    });
  }

  /** Per currency with a goal: the goal, every gift received and every pledge's total, summed exactly in SQL. */
  async progress(): Promise<ProgressRow[]> {
    const result = await this.db.execute<ProgressRow>(sql`
      select goal.currency, goal.goal::text as goal,
             (select round(coalesce(sum(amount), 0), 2) from ${gifts}
              where currency = goal.currency)::text as received,
             (select round(coalesce(sum(total_pledge), 0), 2) from ${buildingFundPledges}
              where currency = goal.currency)::text as pledged
      from ${buildingFundGoals} goal
      order by case goal.currency when 'GBP' then 0 else 1 end, goal.currency`);
    return result.rows;
  }
}
