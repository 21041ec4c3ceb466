import type { CampaignKind } from '@gather/contracts';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { emailCampaigns, emailDeliveries } from '../../platform/database/schema/newsletters.js';
import { enqueueJob } from '../../platform/jobs/outbox.js';
import { insertDeliveries } from './campaign-repository.js';
import { deliveryDueAt, RUN_LOCK_SPACE } from './delivery-repository.js';

/** What a scheduled campaign is made of once its draft passed the send rules. */
export interface ScheduledCampaign {
  subject: string;
  content: string;
  fromEmail: string;
  fromName: string;
  kind: CampaignKind;
  sendAt: Date;
  /** Distinct addresses, lower-cased. */
  recipients: Array<{ email: string; name: string }>;
}

/** Campaigns whose failed deliveries staff may send again. */
const RETRYABLE = ['sent_with_failures', 'paused', 'cancelled'];

/**
 * A campaign's moves between statuses (schedule, start, pause, resume, retry). Each is one
 * transaction that changes the status only from the status it expects, so two clicks, two
 * workers or a click racing the worker never both win; the job that sends is written with it.
 */
export class CampaignLifecycleRepository {
  constructor(private readonly db: Database) {}

  /** A draft becomes scheduled: its deliveries are made now, and the start job waits for `sendAt`. */
  async schedule(id: number, campaign: ScheduledCampaign): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const scheduled = await tx
        .update(emailCampaigns)
        .set({
          status: 'scheduled',
          subject: campaign.subject,
          content: campaign.content,
          fromEmail: campaign.fromEmail,
          fromName: campaign.fromName,
          kind: campaign.kind,
          total: campaign.recipients.length,
          scheduledAt: campaign.sendAt,
          draftRecipients: null,
        })
        .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'draft')))
        .returning({ id: emailCampaigns.id });
      if (scheduled.length === 0) return false;
      await insertDeliveries(tx, id, campaign.recipients, campaign.kind);
      await enqueueJob(tx, 'send-campaign', { campaignId: id }, campaign.sendAt);
      return true;
    });
  }

  /** A scheduled campaign goes back to being a draft: its deliveries become its draft's recipients again. */
  async unschedule(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [campaign] = await tx
        .select({ id: emailCampaigns.id })
        .from(emailCampaigns)
        .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'scheduled')))
        .for('update');
      if (!campaign) return false;
      const deliveries = await tx
        .delete(emailDeliveries)
        .where(eq(emailDeliveries.campaignId, id))
        .returning({ id: emailDeliveries.id, email: emailDeliveries.email, name: emailDeliveries.name });
      deliveries.sort((a, b) => a.id - b.id);
      await tx
        .update(emailCampaigns)
        .set({
          status: 'draft',
          scheduledAt: null,
          draftRecipients: deliveries.map(({ email, name }) => ({ email, name })),
        })
        .where(eq(emailCampaigns.id, id));
      return true;
    });
  }

  /**
   * The worker's start of a campaign it was asked to send: a scheduled one whose time has come
   * becomes sending (once, whoever asks first). True when the campaign is sending now.
   */
  async startIfDue(id: number): Promise<boolean> {
    await this.db
      .update(emailCampaigns)
      .set({ status: 'sending' })
      .where(
        and(
          eq(emailCampaigns.id, id),
          eq(emailCampaigns.status, 'scheduled'),
          lte(emailCampaigns.scheduledAt, sql`now()`),
        ),
      );
    const [row] = await this.db
      .select({ status: emailCampaigns.status })
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, id));
    return row?.status === 'sending';
  }

  /**
   * For the worker's periodic check, in case Redis lost a job: scheduled campaigns whose time has
   * come are started, and sending ones with a delivery due that no worker is sending get a new job.
   */
  async restartDue(backoffMs: number): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const started = await tx.execute<{ id: number }>(sql`
        update email_campaigns set status = 'sending', updated_at = now()
        where status = 'scheduled' and scheduled_at <= now()
        returning id`);
      const stranded = await tx.execute<{ id: number }>(sql`
        select campaign.id from email_campaigns campaign
        where campaign.status = 'sending'
          and not exists (select 1 from pg_locks lock where lock.locktype = 'advisory'
                          and lock.classid = ${RUN_LOCK_SPACE} and lock.objid = campaign.id and lock.objsubid = 2)
          and exists (select 1 from email_deliveries delivery
                      where delivery.campaign_id = campaign.id
                        and (delivery.status = 'sending'
                             or (delivery.status = 'pending' and ${deliveryDueAt(sql`delivery`, backoffMs)} <= now())))`);
      const ids = [...started.rows, ...stranded.rows].map((row) => row.id);
      for (const campaignId of ids) await enqueueJob(tx, 'send-campaign', { campaignId });
      return ids;
    });
  }

  /** Another run of a sending campaign: at once (a worker stopping mid-campaign) or when its first retry is due. */
  async queueRun(campaignId: number, runAt?: Date): Promise<void> {
    await enqueueJob(this.db, 'send-campaign', { campaignId }, runAt);
  }

  /** Sending -> paused; `reason` when the engine paused it itself. */
  async pause(id: number, reason: string | null): Promise<boolean> {
    const paused = await this.db
      .update(emailCampaigns)
      .set({ status: 'paused', pausedReason: reason })
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'sending')))
      .returning({ id: emailCampaigns.id });
    return paused.length > 0;
  }

  /** Paused -> sending, with the job that sends what still waits. */
  async resume(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const resumed = await tx
        .update(emailCampaigns)
        .set({ status: 'sending', pausedReason: null })
        .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'paused')))
        .returning({ id: emailCampaigns.id });
      if (resumed.length === 0) return false;
      await enqueueJob(tx, 'send-campaign', { campaignId: id });
      return true;
    });
  }

  /**
   * The failed deliveries of a finished, paused or cancelled campaign wait again (with every
   * attempt again), and the campaign sends them. 'nothing-failed' when it has none.
   */
  async retryFailed(id: number): Promise<'retried' | 'wrong-status' | 'nothing-failed'> {
    return this.db.transaction(async (tx) => {
      const [campaign] = await tx
        .select({ status: emailCampaigns.status })
        .from(emailCampaigns)
        .where(and(eq(emailCampaigns.id, id), inArray(emailCampaigns.status, RETRYABLE)))
        .for('update');
      if (!campaign) return 'wrong-status';
      const retried = await tx
        .update(emailDeliveries)
        .set({ status: 'pending', attempts: 0, failureReason: null })
        .where(and(eq(emailDeliveries.campaignId, id), eq(emailDeliveries.status, 'failed')))
        .returning({ id: emailDeliveries.id });
      if (retried.length === 0) return 'nothing-failed';
      await tx
        .update(emailCampaigns)
        .set({ status: 'sending', pausedReason: null, finishedAt: null, cancelledAt: null })
        .where(eq(emailCampaigns.id, id));
      await enqueueJob(tx, 'send-campaign', { campaignId: id });
      return 'retried';
    });
  }

  /** A draft's saved recipients, for the send rules; undefined when it is not a draft. */
  async draft(id: number) {
    const [row] = await this.db
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'draft')));
    return row;
  }
}
