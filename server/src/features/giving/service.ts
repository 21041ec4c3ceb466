import {
  FORM_THANKS,
  todayIn,
  type GivingNotification,
  type GivingSubmission,
  type GivingSubmissionQuery,
  type MessageAnswer,
  type Page,
} from '@gather/contracts';
import { pageAnswer } from '../../platform/database/paging.js';
import { AppError } from '../../platform/errors.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { GivingRepository, GivingRow } from './repository.js';
import type { TimeZone } from '../../platform/church-settings/time-zone.js';

/** Giving notices: visitors telling the church of a gift, kept for the staff inbox. */
export class GivingService {
  constructor(
    private readonly notices: GivingRepository,
    private readonly spam: SpamGuard,
    /** A Gift Aid declaration is dated by the church's calendar. */
    private readonly timeZone: TimeZone,
  ) {}

  async send(gift: GivingNotification): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('giving', gift)) await this.notices.add(gift, todayIn(this.timeZone()));
    return { message: FORM_THANKS.giving };
  }

  /** `url` is the request's own address: the next and previous links keep its search and filters. */
  async list(url: string, query: GivingSubmissionQuery): Promise<Page<GivingSubmission>> {
    const { count, rows } = await this.notices.list(query);
    return pageAnswer(url, query, count, rows.map(toGivingSubmission));
  }

  async delete(id: number): Promise<void> {
    if (!(await this.notices.delete(id))) throw AppError.notFound();
  }
}

const toGivingSubmission = (row: GivingRow): GivingSubmission => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  giving_type: row.givingType as GivingSubmission['giving_type'],
  message: row.message,
  created_at: row.createdAt.toISOString(),
});
