import {
  FORM_THANKS,
  type ConnectForm,
  type ConnectSubmission,
  type ConnectSubmissionQuery,
  type ContactForm,
  type ContactSubmission,
  type ContactSubmissionQuery,
  type GivingNotification,
  type GivingSubmission,
  type GivingSubmissionQuery,
  type MessageAnswer,
  type Page,
  todayIn,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { pageAnswer } from '../../platform/database/paging.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { ConnectRow, ContactRow, GivingRow, SubmissionRepository } from './repository.js';

/** Visitors' giving notices, connect cards and messages, kept for the staff inboxes. */
export class SubmissionService {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly spam: SpamGuard,
    /** A Gift Aid declaration is dated by the church's calendar. */
    private readonly timeZone: string,
  ) {}

  async notifyGift(gift: GivingNotification): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('giving', gift)) await this.submissions.addGiving(gift, todayIn(this.timeZone));
    return { message: FORM_THANKS.giving };
  }

  async connect(form: ConnectForm): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('connect', form)) await this.submissions.addConnect(form);
    return { message: FORM_THANKS.connect };
  }

  async contact(form: ContactForm): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('contact', form)) await this.submissions.addContact(form);
    return { message: FORM_THANKS.contact };
  }

  /** `url` is the request's own address: the next and previous links keep its search and filters. */
  async contacts(url: string, query: ContactSubmissionQuery): Promise<Page<ContactSubmission>> {
    const { count, rows } = await this.submissions.contacts(query);
    return pageAnswer(url, query, count, rows.map(toContactSubmission));
  }

  async connects(url: string, query: ConnectSubmissionQuery): Promise<Page<ConnectSubmission>> {
    const { count, rows } = await this.submissions.connects(query);
    return pageAnswer(url, query, count, rows.map(toConnectSubmission));
  }

  async gifts(url: string, query: GivingSubmissionQuery): Promise<Page<GivingSubmission>> {
    const { count, rows } = await this.submissions.gifts(query);
    return pageAnswer(url, query, count, rows.map(toGivingSubmission));
  }

  /** `isRead` false is the console's Undo, straight after a message was marked read by mistake. */
  async markContactRead(id: number, isRead = true): Promise<ContactSubmission> {
    return toContactSubmission(found(await this.submissions.markContactRead(id, isRead)));
  }

  async markConnectProcessed(id: number, isProcessed = true): Promise<ConnectSubmission> {
    return toConnectSubmission(found(await this.submissions.markConnectProcessed(id, isProcessed)));
  }

  async deleteContact(id: number): Promise<void> {
    if (!(await this.submissions.deleteContact(id))) throw AppError.notFound();
  }

  async deleteConnect(id: number): Promise<void> {
    if (!(await this.submissions.deleteConnect(id))) throw AppError.notFound();
  }

  async deleteGift(id: number): Promise<void> {
    if (!(await this.submissions.deleteGift(id))) throw AppError.notFound();
  }
}

function found<T>(row: T | undefined): T {
  if (row === undefined) throw AppError.notFound();
  return row;
}

const toContactSubmission = (row: ContactRow): ContactSubmission => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  is_read: row.isRead,
  created_at: row.createdAt.toISOString(),
});

const toConnectSubmission = (row: ConnectRow): ConnectSubmission => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  interests: row.interests,
  message: row.message,
  is_processed: row.isProcessed,
  created_at: row.createdAt.toISOString(),
});

const toGivingSubmission = (row: GivingRow): GivingSubmission => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  giving_type: row.givingType as GivingSubmission['giving_type'],
  message: row.message,
  created_at: row.createdAt.toISOString(),
});
