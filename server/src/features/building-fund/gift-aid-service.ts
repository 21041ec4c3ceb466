import {
  GIFT_AID_ROWS_PER_PART,
  type GiftAidClaim,
  type GiftAidClaimRequest,
  type GiftAidDeclaration,
  type GiftAidSource,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import type { ClaimRow, DeclarationRow, GiftAidRepository } from './gift-aid-repository.js';
import { scheduleCsv } from './gift-aid-schedule.js';

export const CLAIMS_PATH = '/api/admin/gift-aid/claims';

export const NOTHING_TO_CLAIM =
  'No gifts to claim in these dates: none was received in sterling with a Gift Aid declaration and not already claimed.';

/** Gift Aid declarations for staff to see and cancel, and claims prepared for HMRC. */
export class GiftAidService {
  constructor(private readonly giftAid: GiftAidRepository) {}

  async declarations(email: string): Promise<GiftAidDeclaration[]> {
    return (await this.giftAid.declarations(email)).map(toDeclaration);
  }

  async cancel(id: number): Promise<GiftAidDeclaration> {
    const row = await this.giftAid.cancel(id);
    if (!row) throw AppError.notFound();
    return toDeclaration(row);
  }

  async claim(request: GiftAidClaimRequest, preparedBy: string): Promise<GiftAidClaim> {
    const claim = await this.giftAid.claim(request.from, request.to, preparedBy);
    if (!claim) throw new AppError(409, { detail: NOTHING_TO_CLAIM });
    return toClaim(claim);
  }

  async claims(): Promise<GiftAidClaim[]> {
    return (await this.giftAid.claims()).map(toClaim);
  }

  /** Part `part` (from 1) of a claim as HMRC's CSV, with its file name. */
  async part(claimId: number, part: number): Promise<{ fileName: string; csv: string }> {
    const claim = await this.giftAid.find(claimId);
    if (!claim || part > partCount(claim.giftCount)) throw AppError.notFound();
    const rows = await this.giftAid.schedule(claimId, (part - 1) * GIFT_AID_ROWS_PER_PART, GIFT_AID_ROWS_PER_PART);
    return { fileName: `gift-aid-claim-${claimId}-part-${part}.csv`, csv: scheduleCsv(rows) };
  }
}

const partCount = (giftCount: number) => Math.ceil(giftCount / GIFT_AID_ROWS_PER_PART);

function toClaim(row: ClaimRow): GiftAidClaim {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    gift_count: row.giftCount,
    total: row.total,
    parts: Array.from(
      { length: partCount(row.giftCount) },
      (_, index) => `${CLAIMS_PATH}/${row.id}/parts/${index + 1}.csv`,
    ),
    created_at: row.createdAt.toISOString(),
  };
}

function toDeclaration(row: DeclarationRow): GiftAidDeclaration {
  return {
    id: row.id,
    email: row.email,
    title: row.title,
    first_name: row.firstName,
    last_name: row.lastName,
    house_name_or_number: row.houseNameOrNumber,
    postcode: row.postcode,
    declared_on: row.declaredOn,
    covers_past_gifts: row.coversPastGifts,
    source: row.source as GiftAidSource,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    used_in_claim: row.usedInClaim,
    created_at: row.createdAt.toISOString(),
  };
}
