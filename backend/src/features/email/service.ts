import type { Campaign, CampaignDetail, EmailSend, EmailSendAnswer, Page, PageQuery } from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import { pageAnswer } from '../../http/paging.js';
import type { LivePublisher } from '../../live/publisher.js';
import type { MailSettings } from '../../mail/settings.js';
import { distinctRecipients } from './distinct-recipients.js';
import type { CampaignRepository, CampaignRow, DeliveryCounts } from './campaign-repository.js';

export class CampaignService {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly settings: Pick<MailSettings, 'from'>,
    private readonly live: LivePublisher,
  ) {}

  /**
   * Stores the campaign and queues one message per distinct address (letter case aside, the
   * first spelling and the first name given win); the worker sends them in the background.
   */
  async send(request: EmailSend, createdBy: string): Promise<EmailSendAnswer> {
    return this.campaigns.create({
      subject: request.subject,
      content: request.content,
      fromEmail: request.from_email ?? this.settings.from.address,
      fromName: request.from_name || this.settings.from.name,
      kind: request.kind,
      createdBy,
      recipients: distinctRecipients(request.recipients),
    });
  }

  async list(requestUrl: string, query: PageQuery): Promise<Page<Campaign>> {
    const { count, rows } = await this.campaigns.page(query);
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

  async cancel(id: number): Promise<Campaign> {
    if (!(await this.campaigns.cancel(id))) {
      const row = await this.campaigns.find(id);
      if (!row) throw AppError.notFound();
      throw new AppError(409, { detail: 'Only a campaign that is scheduled, sending or paused can be cancelled.' });
    }
    const row = await this.campaigns.find(id);
    const counts = await this.campaigns.counts([id]);
    const campaign = campaignAnswer(row!, counts.get(id)!);
    // The worker stops on its own; staff screens hear it ended here, where it was decided.
    this.live.jobCompleted({ kind: 'campaign', campaign });
    return campaign;
  }
}

/** A campaign as staff see it; the worker pushes its progress this way too. */
export function campaignAnswer(row: CampaignRow, counts: DeliveryCounts): Campaign {
  return {
    id: row.id,
    subject: row.subject,
    from_email: row.fromEmail,
    from_name: row.fromName,
    status: row.status as Campaign['status'],
    total: row.total,
    sent: counts.sent,
    failed: counts.failed,
    pending: counts.pending + counts.sending,
    skipped: counts.skipped,
    cancelled: counts.cancelled,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    kind: row.kind as Campaign['kind'],
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    paused_reason: row.pausedReason,
    updated_at: row.updatedAt.toISOString(),
  };
}
