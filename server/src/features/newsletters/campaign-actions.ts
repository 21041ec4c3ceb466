import { emailSendSchema, type Campaign, type CampaignSchedule, type FieldErrors } from '@gather/contracts';
import { AppError, fieldErrorsFrom } from '../../platform/errors.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { CampaignLifecycleRepository } from './campaign-lifecycle-repository.js';
import type { CampaignRepository } from './campaign-repository.js';
import { campaignFields } from './campaign-fields.js';
import { campaignNow } from './campaign-answer.js';
import { CampaignLive } from './live.js';

export const CAMPAIGN_ACTION_MESSAGES = {
  sendAtPast: 'Choose a time in the future.',
  notDraft: 'Only a draft can be scheduled.',
  notScheduled: 'This campaign is not scheduled.',
  notSending: 'Only a campaign that is sending can be paused.',
  notPaused: 'Only a paused campaign can be resumed.',
  notRetryable: 'Only a campaign that has finished, is paused or was cancelled can send its failed messages again.',
  nothingFailed: 'No message of this campaign failed.',
} as const;

/**
 * What staff do to a campaign once written: schedule it (or take it back), pause and resume it,
 * send its failed messages again. Each answers the campaign as it now stands and pushes it to
 * the staff screens, as the worker does its progress.
 */
export class CampaignActions {
  private readonly live: CampaignLive;

  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly lifecycle: CampaignLifecycleRepository,
    private readonly settings: Pick<MailSettings, 'from'>,
    private readonly domain: string,
    live: LivePublisher,
  ) {
    this.live = new CampaignLive(live);
  }

  /** The draft's saved fields must pass the same rules as a send; its deliveries are made now. */
  async schedule(id: number, { send_at }: CampaignSchedule): Promise<Campaign> {
    const draft = await this.lifecycle.draft(id);
    if (!draft) return this.refuse(id, CAMPAIGN_ACTION_MESSAGES.notDraft);
    const errors: FieldErrors = {};
    const sendAt = new Date(send_at);
    if (sendAt.getTime() <= Date.now()) errors.send_at = [CAMPAIGN_ACTION_MESSAGES.sendAtPast];
    const checked = emailSendSchema(this.domain).safeParse({
      recipients: draft.draftRecipients ?? [],
      subject: draft.subject,
      content: draft.content,
      from_email: draft.fromEmail || null,
      from_name: draft.fromName,
      kind: draft.kind,
    });
    if (!checked.success) Object.assign(errors, fieldErrorsFrom(checked.error));
    if (Object.keys(errors).length > 0 || !checked.success) throw AppError.invalid(errors);
    const send = checked.data;
    const scheduled = await this.lifecycle.schedule(id, { ...campaignFields(send, this.settings), sendAt });
    if (!scheduled) return this.refuse(id, CAMPAIGN_ACTION_MESSAGES.notDraft);
    return this.changed(id);
  }

  async unschedule(id: number): Promise<Campaign> {
    if (!(await this.lifecycle.unschedule(id))) return this.refuse(id, CAMPAIGN_ACTION_MESSAGES.notScheduled);
    return this.changed(id);
  }

  /** Messages already handed to the mail server finish; no other is taken until it is resumed. */
  async pause(id: number): Promise<Campaign> {
    if (!(await this.lifecycle.pause(id, null))) return this.refuse(id, CAMPAIGN_ACTION_MESSAGES.notSending);
    return this.changed(id);
  }

  async resume(id: number): Promise<Campaign> {
    if (!(await this.lifecycle.resume(id))) return this.refuse(id, CAMPAIGN_ACTION_MESSAGES.notPaused);
    return this.changed(id);
  }

  async retryFailed(id: number): Promise<Campaign> {
    const outcome = await this.lifecycle.retryFailed(id);
    if (outcome === 'wrong-status') return this.refuse(id, CAMPAIGN_ACTION_MESSAGES.notRetryable);
    if (outcome === 'nothing-failed') throw new AppError(409, { detail: CAMPAIGN_ACTION_MESSAGES.nothingFailed });
    return this.changed(id);
  }

  private async changed(id: number): Promise<Campaign> {
    const campaign = (await campaignNow(this.campaigns, id))!;
    this.live.campaignProgress(campaign);
    return campaign;
  }

  /** 404 for a campaign that does not exist, else 409 with why this is not possible now. */
  private async refuse(id: number, detail: string): Promise<never> {
    if (!(await this.campaigns.find(id))) throw AppError.notFound();
    throw new AppError(409, { detail });
  }
}
