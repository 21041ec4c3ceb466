import {
  todayIn,
  type StaffPledge,
  type Currency,
  type FundProgress,
  type FundSettings,
  type FundSettingsRequest,
  type Gift,
  type GiftList,
  type GiftMethod,
  type GiftRequest,
  type OneOffGiftRequest,
  type PledgeGifts,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { GiftRepository, GiftRow } from './gift-repository.js';
import type { PledgeRepository } from './pledge-repository.js';
import { toStaffPledge } from './pledge-service.js';
import type { TimeZone } from '../../platform/church-settings/time-zone.js';

/** Gifts received for the building fund, and the goal and progress the public may see. */
export class GiftService {
  constructor(
    private readonly gifts: GiftRepository,
    private readonly pledges: PledgeRepository,
    /** Dates received and "behind schedule" follow the church's calendar. */
    private readonly timeZone: TimeZone,
  ) {}

  /** Answers the pledge as the gift leaves it, with paid and remaining balance from its gifts. */
  async addToPledge(pledgeId: number, gift: GiftRequest): Promise<StaffPledge> {
    if (!(await this.gifts.addToPledge(pledgeId, gift))) throw AppError.notFound();
    return this.pledge(pledgeId);
  }

  async ofPledge(pledgeId: number): Promise<PledgeGifts> {
    const pledge = await this.pledge(pledgeId);
    return { pledge, results: (await this.gifts.ofPledge(pledgeId)).map(toGift) };
  }

  /** A mistaken gift is removed; the pledge's paid and remaining follow. */
  async deleteFromPledge(pledgeId: number, giftId: number): Promise<StaffPledge> {
    deleted(await this.gifts.delete(giftId, pledgeId));
    return this.pledge(pledgeId);
  }

  async addOneOff(gift: OneOffGiftRequest): Promise<Gift> {
    return toGift(await this.gifts.addOneOff(gift));
  }

  async oneOff(): Promise<GiftList> {
    return { results: (await this.gifts.oneOff()).map(toGift) };
  }

  async deleteGift(id: number): Promise<void> {
    deleted(await this.gifts.delete(id));
  }

  async settings(): Promise<FundSettings> {
    const { showProgress, goals } = await this.gifts.settings();
    return { show_progress: showProgress, goals: { GBP: goals.GBP ?? null, USD: goals.USD ?? null } };
  }

  async saveSettings(request: FundSettingsRequest): Promise<FundSettings> {
    const goals = Object.fromEntries(
      Object.entries(request.goals).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    await this.gifts.saveSettings(request.show_progress, goals);
    return this.settings();
  }

  /** Nothing but `visible: false` while staff keep the progress private. */
  async progress(): Promise<FundProgress> {
    const { showProgress } = await this.gifts.settings();
    if (!showProgress) return { visible: false, currencies: [] };
    const rows = await this.gifts.progress();
    return { visible: true, currencies: rows.map((row) => ({ ...row, currency: row.currency as Currency })) };
  }

  private async pledge(id: number): Promise<StaffPledge> {
    const today = todayIn(this.timeZone());
    const row = await this.pledges.find(id, today);
    if (!row) throw AppError.notFound();
    return toStaffPledge(row, today);
  }
}

function toGift(row: GiftRow): Gift {
  return {
    id: row.id,
    pledge_id: row.pledgeId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    amount: row.amount,
    currency: row.currency as Currency,
    received_on: row.receivedOn,
    method: row.method as GiftMethod,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  };
}

/** A gift's delete as staff hear of it: gone, not there, or kept because a Gift Aid claim names it. */
function deleted(outcome: Awaited<ReturnType<GiftRepository['delete']>>): void {
  if (!outcome) throw AppError.notFound();
  if (outcome === 'claimed')
    throw new AppError(409, {
      detail: 'This gift is in a Gift Aid claim, so it is kept as HMRC requires and cannot be deleted.',
    });
}
