import {
  remainingBalance,
  todayIn,
  type StaffPledge,
  type Page,
  type Pledge,
  type PledgeBulkAction,
  type PledgeBulkAnswer,
  type PledgeQuery,
  type PledgeRequest,
  type PledgeSummary,
  type PledgeUpdate,
  type MessageAnswer,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { pageAnswer } from '../../platform/database/paging.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import { pledgeCsvChunks } from './pledge-export.js';
import type { PledgeFilter, PledgeRepository, PledgeRow, PledgeWithGifts } from './pledge-repository.js';
import type { TimeZone } from '../../platform/church-settings/time-zone.js';

export class PledgeService {
  constructor(
    private readonly pledges: PledgeRepository,
    /** Overdue and the export's file date follow the church's calendar, not the server's. */
    private readonly timeZone: TimeZone,
    private readonly spam: SpamGuard,
  ) {}

  /** New pledges start pending (the column's default) until staff confirm them. */
  async pledge(request: PledgeRequest): Promise<Pledge> {
    const automated = this.spam.isAutomated('pledge', request);
    return toPledgeAnswer(await (automated ? this.pledges.unsaved(request) : this.pledges.add(request, this.today())));
  }

  /** `url` is the request's own address: the next and previous links keep its search and filters. */
  async list(url: string, query: PledgeQuery): Promise<Page<StaffPledge>> {
    const filter = this.filterOf(query);
    const { count, rows } = await this.pledges.page(filter, this.pledges.orderOf(query.ordering), query);
    return pageAnswer(
      url,
      query,
      count,
      rows.map((row) => toStaffPledge(row, filter.today)),
    );
  }

  summary(query: PledgeQuery): Promise<PledgeSummary> {
    return this.pledges.summary(this.filterOf(query));
  }

  async find(id: number): Promise<StaffPledge> {
    const today = this.today();
    return toStaffPledge(found(await this.pledges.find(id, today)), today);
  }

  /** Any status may follow any other: staff correct mistakes as well as record payments. */
  async update(id: number, update: PledgeUpdate): Promise<StaffPledge> {
    const today = this.today();
    const row = await this.pledges.update(
      id,
      { paymentStatus: update.payment_status, adminNotes: update.admin_notes },
      today,
    );
    return toStaffPledge(found(row), today);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.pledges.delete(id))) throw AppError.notFound();
  }

  /** The donor gets a reminder of their pledge and remaining balance, sent by the worker. */
  async followUp(id: number): Promise<MessageAnswer> {
    if (!(await this.pledges.queueFollowUp(id))) throw AppError.notFound();
    return { message: 'Follow-up e-mail queued. It will be sent in a moment.' };
  }

  async bulk(action: PledgeBulkAction): Promise<PledgeBulkAnswer> {
    const isDelete = 'delete' in action;
    const outcome = await this.pledges.bulk(action.ids, isDelete ? 'delete' : { paymentStatus: action.payment_status });
    if ('unknownIds' in outcome) {
      const unknown = [...outcome.unknownIds].sort((a, b) => a - b);
      throw AppError.invalid({ ids: [`Unknown donation ids: ${unknown.join(', ')}.`] });
    }
    return isDelete ? { deleted: outcome.changed } : { updated: outcome.changed };
  }

  /**
   * The matching pledges as CSV text in pieces, with the file's name. The ordering and the set of
   * rows are settled before the first piece, so a bad query is refused before any download starts.
   */
  async export(query: PledgeQuery): Promise<{ fileName: string; chunks: AsyncIterable<string> }> {
    const filter = this.filterOf(query);
    const ids = await this.pledges.matchingIds(filter, this.pledges.orderOf(query.ordering));
    const rowsOf = async (batch: number[]) =>
      (await this.pledges.inIdOrder(batch, filter.today)).map((row) => toStaffPledge(row, filter.today));
    return {
      fileName: `building-fund-donations-${filter.today}.csv`,
      chunks: pledgeCsvChunks(ids, rowsOf),
    };
  }

  private today(): string {
    return todayIn(this.timeZone());
  }

  private filterOf(query: PledgeQuery): PledgeFilter {
    return {
      search: query.search,
      payment_status: query.payment_status,
      payment_type: query.payment_type,
      currency: query.currency,
      overdue: query.overdue,
      due_this_week: query.due_this_week,
      behind_schedule: query.behind_schedule,
      today: this.today(),
    };
  }
}

function found<Row>(row: Row | undefined): Row {
  if (!row) throw AppError.notFound();
  return row;
}

function fullName({ firstName, middleName, lastName }: Pick<PledgeRow, 'firstName' | 'middleName' | 'lastName'>) {
  return [firstName, middleName, lastName].filter(Boolean).join(' ');
}

/** The donor's view of a pledge: everything but the staff's notes. */
export function toPledgeAnswer(row: PledgeRow): Pledge {
  return {
    id: row.id,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    full_name: fullName(row),
    email: row.email,
    phone: row.phone,
    total_pledge: row.totalPledge,
    currency: row.currency as Pledge['currency'],
    payment_type: row.paymentType as Pledge['payment_type'],
    payment_amount: row.paymentAmount,
    remaining_balance: remainingBalance(row.totalPledge, row.paymentAmount),
    pay_by_date: row.payByDate,
    payment_method: row.paymentMethod as Pledge['payment_method'],
    message: row.message,
    payment_status: row.paymentStatus as Pledge['payment_status'],
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Overdue as the list filter judges it: the pay-by day is before today and it is not completed.
 * Staff see what the gifts say: paid is their exact sum and the remaining balance is the total less it.
 * Behind schedule is judged in SQL by the repository (BEHIND_SCHEDULE_RULE in the contracts).
 */
export function toStaffPledge(row: PledgeWithGifts, today: string): StaffPledge {
  return {
    ...toPledgeAnswer(row),
    remaining_balance: remainingBalance(row.totalPledge, row.paid),
    admin_notes: row.adminNotes,
    is_overdue: row.payByDate < today && row.paymentStatus !== 'completed',
    paid: row.paid,
    gift_count: row.giftCount,
    is_behind_schedule: row.behindSchedule,
    reminders_enabled: row.remindersEnabled,
  };
}
