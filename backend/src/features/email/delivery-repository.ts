import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailDeliveries } from '../../db/schema.js';
import { mayMail } from './mailable.js';

/** A delivery the worker has claimed, with what it needs to write the message. */
export interface ClaimedDelivery {
  id: number;
  campaignId: number;
  email: string;
  name: string;
  attempts: number;
  subject: string;
  content: string;
  fromEmail: string;
  fromName: string;
  /** The address may still be mailed (see mayMail): consent may be withdrawn or the address refused since. */
  mailable: boolean;
}

const isSending = (id: number) => and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'sending'));

/** The worker's side of bulk mail: each delivery moves pending -> sending -> sent/failed. */
export class DeliveryRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes a delivery to send, atomically. A delivery left 'sending' by a worker that died is
   * taken again (that message may go out twice); a cancelled, sent or skipped one is not.
   */
  async claim(id: number): Promise<ClaimedDelivery | undefined> {
    const result = await this.db.execute<{
      id: number;
      campaign_id: number;
      email: string;
      name: string;
      attempts: number;
      subject: string;
      content: string;
      from_email: string;
      from_name: string;
      mailable: boolean;
    }>(sql`
      update email_deliveries delivery
      set status = 'sending', attempts = delivery.attempts + 1, updated_at = now()
      from email_campaigns campaign
      where delivery.id = ${id} and delivery.status in ('pending', 'sending') and campaign.id = delivery.campaign_id
      returning delivery.id, delivery.campaign_id, delivery.email, delivery.name, delivery.attempts,
                campaign.subject, campaign.content, campaign.from_email, campaign.from_name,
                ${mayMail(sql`delivery.email`, sql`campaign.kind`)} as mailable`);
    const row = result.rows[0];
    return (
      row && {
        id: row.id,
        campaignId: row.campaign_id,
        email: row.email,
        name: row.name,
        attempts: row.attempts,
        subject: row.subject,
        content: row.content,
        fromEmail: row.from_email,
        fromName: row.from_name,
        mailable: row.mailable,
      }
    );
  }

  async markSent(id: number, messageId: string): Promise<void> {
    await this.db
      .update(emailDeliveries)
      .set({ status: 'sent', messageId, sentAt: new Date(), failureReason: null })
      .where(isSending(id));
  }

  async markFailed(id: number, reason: string): Promise<void> {
    await this.db.update(emailDeliveries).set({ status: 'failed', failureReason: reason }).where(isSending(id));
  }

  /**
   * The mail server refused the address for good (a 5xx): the delivery fails and the address is
   * suppressed for every later campaign, in one statement, so neither is recorded without the other.
   * A suppression already there keeps its first reason.
   */
  async markRejected(id: number, reason: string): Promise<void> {
    await this.db.execute(sql`
      with failed as (
        update email_deliveries set status = 'failed', failure_reason = ${reason}, updated_at = now()
        where id = ${id} and status = 'sending'
        returning email, campaign_id)
      insert into email_suppressions (email, reason, campaign_id)
      select lower(email), ${reason}, campaign_id from failed
      on conflict ((lower(email))) do nothing`);
  }

  /** The address may no longer be mailed (see mayMail) since the campaign was written. */
  async markSkipped(id: number): Promise<void> {
    await this.db.update(emailDeliveries).set({ status: 'skipped' }).where(isSending(id));
  }

  /** Back to pending until the retry, so cancelling the campaign meanwhile still stops it. */
  async release(id: number, reason: string): Promise<void> {
    await this.db.update(emailDeliveries).set({ status: 'pending', failureReason: reason }).where(isSending(id));
  }

  /**
   * Marks a sending campaign sent (or sent with failures) once none of its deliveries waits.
   * Every delivery checks after its own write commits, so the last one to finish always sees it.
   * True for the one call that finished it.
   */
  async finishCampaign(campaignId: number): Promise<boolean> {
    const finished = await this.db.execute(sql`
      update email_campaigns campaign
      set status = case when exists (select 1 from email_deliveries delivery
                                     where delivery.campaign_id = campaign.id and delivery.status = 'failed')
                        then 'sent_with_failures' else 'sent' end,
          finished_at = now()
      where campaign.id = ${campaignId} and campaign.status = 'sending'
        and not exists (select 1 from email_deliveries delivery
                        where delivery.campaign_id = ${campaignId} and delivery.status in ('pending', 'sending'))`);
    return (finished.rowCount ?? 0) > 0;
  }
}
