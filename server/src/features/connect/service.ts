import {
  FORM_THANKS,
  type ConnectForm,
  type ConnectSubmission,
  type ConnectSubmissionQuery,
  type MessageAnswer,
  type Page,
} from '@gather/contracts';
import { pageAnswer } from '../../platform/database/paging.js';
import { AppError } from '../../platform/errors.js';
import type { SpamGuard } from '../../platform/http/spam-guard.js';
import type { ConnectRepository, ConnectRow } from './repository.js';

/** Connect cards, kept for the staff inbox. */
export class ConnectService {
  constructor(
    private readonly cards: ConnectRepository,
    private readonly spam: SpamGuard,
  ) {}

  async send(form: ConnectForm): Promise<MessageAnswer> {
    if (!this.spam.isAutomated('connect', form)) await this.cards.add(form);
    return { message: FORM_THANKS.connect };
  }

  /** `url` is the request's own address: the next and previous links keep its search and filters. */
  async list(url: string, query: ConnectSubmissionQuery): Promise<Page<ConnectSubmission>> {
    const { count, rows } = await this.cards.list(query);
    return pageAnswer(url, query, count, rows.map(toConnectSubmission));
  }

  /** `isProcessed` false is the console's Undo, straight after a card was marked processed by mistake. */
  async markProcessed(id: number, isProcessed = true): Promise<ConnectSubmission> {
    const row = await this.cards.markProcessed(id, isProcessed);
    if (!row) throw AppError.notFound();
    return toConnectSubmission(row);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.cards.delete(id))) throw AppError.notFound();
  }
}

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
