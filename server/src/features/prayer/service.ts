import {
  PRAYER_THANKS,
  PRAYER_WALL_PAGE_SIZE,
  type MessageAnswer,
  type Page,
  type PrayedAnswer,
  type PrayerApproval,
  type PrayerRequestForm,
  type StaffPrayerQuery,
  type StaffPrayerRequest,
  type WallPrayer,
  type WallQuery,
} from '@gather/contracts';
import { pageAnswer } from '../../platform/database/paging.js';
import { AppError } from '../../platform/errors.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { PrayerLive } from './live.js';
import type { CountedPrayer, PrayerRepository, PrayerRow } from './repository.js';

/** Who tapped "I prayed": the device's signed id, and a keyed hash of its connection's address. */
export interface PrayingDevice {
  deviceId: string;
  addressHash: string;
}

/**
 * Prayer requests: a visitor's request reaches the pastoral team whole and at once, and the wall only what they
 * approved of a request its sender allowed to be shared.
 */
export class PrayerService {
  constructor(
    private readonly requests: PrayerRepository,
    private readonly spam: SpamGuard,
    private readonly live: PrayerLive,
    private readonly prayedPerAddress: number,
  ) {}

  async send(form: PrayerRequestForm): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('prayer', form)) {
      this.live.created(toStaffPrayer(await this.requests.add(form)));
    }
    return { message: PRAYER_THANKS };
  }

  async wall(url: string, query: WallQuery): Promise<Page<WallPrayer>> {
    const { count, rows } = await this.requests.wall(query.page);
    return pageAnswer(url, { ...query, page_size: PRAYER_WALL_PAGE_SIZE }, count, rows.map(toWallPrayer));
  }

  async prayed(id: string, device: PrayingDevice): Promise<PrayedAnswer> {
    const outcome = await this.requests.prayed(id, device.deviceId, device.addressHash, this.prayedPerAddress);
    if (!outcome) throw AppError.notFound();
    if (outcome.changed) this.live.prayed(id);
    else if (!(await this.requests.hasPrayed(id, device.deviceId))) {
      throw new AppError(429, { detail: 'Thank you for praying! This connection has counted as many as it may.' });
    }
    return { id, prayed_count: outcome.prayedCount, prayed: true };
  }

  async list(url: string, query: StaffPrayerQuery): Promise<Page<StaffPrayerRequest>> {
    const { count, rows } = await this.requests.list(query);
    return pageAnswer(url, query, count, rows.map(toStaffPrayer));
  }

  async get(id: string): Promise<StaffPrayerRequest> {
    return toStaffPrayer(await this.found(id));
  }

  /** The wall shows the words given (surnames and details edited out), else those approved before, else the original. */
  async approve(id: string, wall: PrayerApproval): Promise<StaffPrayerRequest> {
    const request = await this.found(id);
    if (request.visibility === 'pastoral') {
      throw AppError.invalid({
        visibility: ['This request was sent for the pastoral team only: it cannot be shared.'],
      });
    }
    if (request.archivedAt) throw AppError.invalid({ status: ['An archived request cannot go on the wall.'] });
    const wallName =
      request.visibility === 'wall_anonymous' ? null : (wall.name ?? request.wallName ?? request.name) || null;
    const row = await this.requests.approve(id, wall.text ?? request.wallText ?? request.text, wallName);
    if (!row) throw AppError.notFound();
    return this.changed(row, { toWall: true });
  }

  async followUp(id: string, done: boolean): Promise<StaffPrayerRequest> {
    return this.update(id, { followedUpAt: done ? new Date() : null });
  }

  async setNotes(id: string, notes: string): Promise<StaffPrayerRequest> {
    return this.update(id, { notes });
  }

  async archive(id: string): Promise<StaffPrayerRequest> {
    const request = await this.found(id);
    if (request.archivedAt) return toStaffPrayer(request);
    const row = await this.requests.update(id, { archivedAt: new Date() });
    if (!row) throw AppError.notFound();
    if (request.approvedAt) this.live.hidden(id);
    return this.changed(row);
  }

  private async update(id: string, change: Parameters<PrayerRepository['update']>[1]): Promise<StaffPrayerRequest> {
    const row = await this.requests.update(id, change);
    if (!row) throw AppError.notFound();
    return this.changed(row);
  }

  private async changed(row: PrayerRow, { toWall = false } = {}): Promise<StaffPrayerRequest> {
    const counted = { ...row, prayedCount: await this.requests.prayedCount(row.id) };
    const request = toStaffPrayer(counted);
    this.live.updated(request);
    if (toWall) this.live.shown(toWallPrayer(counted));
    return request;
  }

  private async found(id: string): Promise<CountedPrayer> {
    const request = await this.requests.find(id);
    if (!request) throw AppError.notFound();
    return request;
  }
}

/** Only what was approved: the edited words, and no name on an anonymous request. */
export const toWallPrayer = (row: CountedPrayer): WallPrayer => ({
  id: row.id,
  text: row.wallText ?? '',
  name: row.visibility === 'wall' ? row.wallName || null : null,
  prayed_count: row.prayedCount,
  approved_at: (row.approvedAt ?? row.createdAt).toISOString(),
});

const statusOf = (row: PrayerRow): StaffPrayerRequest['status'] =>
  row.archivedAt ? 'archived' : row.approvedAt ? 'on_wall' : row.followedUpAt ? 'followed_up' : 'new';

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

export const toStaffPrayer = (row: CountedPrayer): StaffPrayerRequest => ({
  id: row.id,
  text: row.text,
  name: row.name,
  email: row.email,
  visibility: row.visibility as StaffPrayerRequest['visibility'],
  hear_back: row.hearBack,
  status: statusOf(row),
  wall_text: row.wallText,
  wall_name: row.wallName,
  approved_at: iso(row.approvedAt),
  followed_up_at: iso(row.followedUpAt),
  archived_at: iso(row.archivedAt),
  notes: row.notes,
  prayed_count: row.prayedCount,
  created_at: row.createdAt.toISOString(),
});
