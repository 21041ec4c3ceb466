import type {
  Campaign,
  CampaignDetail,
  CampaignDraft,
  CampaignPreview,
  CampaignStatus,
  EmailSend,
  EmailSendAnswer,
  Page,
  PageQuery,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { pageAnswer } from '../../platform/database/paging.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import { addressLine, builtHeaders } from '../../platform/mail/compose.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { UnsubscribeLinks } from './unsubscribe.js';
import { CampaignLive } from './live.js';
import { campaignLetter, firstRecipient } from './campaign-letter.js';
import type { CampaignRepository, DraftFields } from './campaign-repository.js';
import { campaignFields, senderFields } from './campaign-fields.js';
import { campaignAnswer, campaignNow } from './campaign-answer.js';

export class CampaignService {
  private readonly live: CampaignLive;

  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly settings: Pick<MailSettings, 'from' | 'churchName'>,
    live: LivePublisher,
    private readonly links: UnsubscribeLinks,
  ) {
    this.live = new CampaignLive(live);
  }

  /**
   * Stores the campaign and queues one message per distinct address (letter case aside, the
   * first spelling and the first name given win); the worker sends them in the background.
   */
  async send(request: EmailSend, createdBy: string): Promise<EmailSendAnswer> {
    return this.campaigns.create({ ...campaignFields(request, this.settings), createdBy });
  }

  async createDraft(draft: CampaignDraft, createdBy: string): Promise<CampaignDetail> {
    const row = await this.campaigns.createDraft({
      subject: draft.subject ?? '',
      content: draft.content ?? '',
      kind: draft.kind ?? 'newsletter',
      draftRecipients: draft.recipients ?? [],
      ...senderFields(draft, this.settings),
      createdBy,
    });
    return this.detail(row.id);
  }

  /** Saves what the editor sent; only a draft may change (409 once it is scheduled or sent). */
  async updateDraft(id: number, draft: CampaignDraft): Promise<CampaignDetail> {
    const changes: Partial<DraftFields> = {
      subject: draft.subject,
      content: draft.content,
      kind: draft.kind,
      draftRecipients: draft.recipients,
      ...('from_email' in draft || 'from_name' in draft ? senderFields(draft, this.settings) : {}),
    };
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (!(await this.campaigns.updateDraft(id, defined))) await this.refuseUnlessDraft(id, 'changed');
    return this.detail(id);
  }

  async deleteDraft(id: number): Promise<void> {
    if (!(await this.campaigns.deleteDraft(id))) await this.refuseUnlessDraft(id, 'deleted');
  }

  /** Any campaign, as a new draft to edit: its words, sender, kind and recipients. */
  async duplicate(id: number, createdBy: string): Promise<CampaignDetail> {
    const row = await this.campaigns.find(id);
    if (!row) throw AppError.notFound();
    const copy = await this.campaigns.createDraft({
      subject: row.subject,
      content: row.content,
      fromEmail: row.fromEmail,
      fromName: row.fromName,
      kind: row.kind as DraftFields['kind'],
      draftRecipients: row.draftRecipients ?? (await this.campaigns.recipients(id)),
      createdBy,
    });
    return this.detail(copy.id);
  }

  /** The message the first recipient gets, built as the worker builds it. */
  async preview(id: number): Promise<CampaignPreview> {
    const row = await this.campaigns.find(id);
    if (!row) throw AppError.notFound();
    const message = campaignLetter(this.settings, this.links, row, await firstRecipient(this.campaigns, row));
    return {
      subject: message.subject,
      from: addressLine(message.from),
      to: addressLine(message.to),
      html: message.html,
      text: message.text,
      headers: await builtHeaders(message),
    };
  }

  /** Queues the first recipient's message to each test address; the campaign itself is not touched. */
  async sendTest(id: number, emails: string[]): Promise<void> {
    if (!(await this.campaigns.find(id))) throw AppError.notFound();
    const distinct = [...new Set(emails.map((email) => email.toLowerCase()))];
    await this.campaigns.queueTest(id, distinct);
  }

  async list(requestUrl: string, query: PageQuery & { status?: CampaignStatus }): Promise<Page<Campaign>> {
    const { count, rows } = await this.campaigns.page(query, query.status);
    const counts = await this.campaigns.counts(rows.map((row) => row.id));
    return pageAnswer(
      requestUrl,
      query,
      count,
      rows.map((row) => campaignAnswer(row, counts.get(row.id)!)),
    );
  }

  async detail(id: number): Promise<CampaignDetail> {
    const row = await this.campaigns.find(id);
    if (!row) throw AppError.notFound();
    const counts = await this.campaigns.counts([id]);
    const failed = await this.campaigns.failedDeliveries(id);
    return {
      ...campaignAnswer(row, counts.get(id)!),
      content: row.content,
      recipients: row.draftRecipients ?? (await this.campaigns.recipients(id)),
      failed_deliveries: failed.map((delivery) => ({
        email: delivery.email,
        name: delivery.name,
        failure_reason: delivery.failureReason ?? '',
        attempts: delivery.attempts,
      })),
    };
  }

  private async refuseUnlessDraft(id: number, done: string): Promise<never> {
    const row = await this.campaigns.find(id);
    if (!row) throw AppError.notFound();
    throw new AppError(409, {
      detail: `Only a draft can be ${done}; this email is ${row.status.replaceAll('_', ' ')}.`,
    });
  }

  async cancel(id: number): Promise<Campaign> {
    if (!(await this.campaigns.cancel(id))) {
      const row = await this.campaigns.find(id);
      if (!row) throw AppError.notFound();
      throw new AppError(409, { detail: 'Only a campaign that is scheduled, sending or paused can be cancelled.' });
    }
    const campaign = (await campaignNow(this.campaigns, id))!;
    // The worker stops on its own; staff screens hear it ended here, where it was decided.
    this.live.campaignCompleted(campaign);
    return campaign;
  }
}
