import {
  FORM_THANKS,
  type ContactForm,
  type ContactSubmission,
  type ContactSubmissionQuery,
  type MessageAnswer,
  type Page,
} from '@gather/contracts';
import { pageAnswer } from '../../platform/database/paging.js';
import { AppError } from '../../platform/errors.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { ContactRepository, ContactRow } from './repository.js';

/** Messages from the contact form, kept for the staff inbox. */
export class ContactService {
  constructor(
    private readonly messages: ContactRepository,
    private readonly spam: SpamGuard,
  ) {}

  async send(form: ContactForm): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('contact', form)) await this.messages.add(form);
    return { message: FORM_THANKS.contact };
  }

  /** `url` is the request's own address: the next and previous links keep its search and filters. */
  async list(url: string, query: ContactSubmissionQuery): Promise<Page<ContactSubmission>> {
    const { count, rows } = await this.messages.list(query);
    return pageAnswer(url, query, count, rows.map(toContactSubmission));
  }

  /** `isRead` false is the console's Undo, straight after a message was marked read by mistake. */
  async markRead(id: number, isRead = true): Promise<ContactSubmission> {
    const row = await this.messages.markRead(id, isRead);
    if (!row) throw AppError.notFound();
    return toContactSubmission(row);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.messages.delete(id))) throw AppError.notFound();
  }
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
