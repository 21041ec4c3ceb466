import type { CampaignKind, CampaignStatus, PageQuery } from '@gather/contracts';
import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { emailCampaigns, emailDeliveries } from '../../platform/database/schema/newsletters.js';
import { offsetOf, orderingFor } from '../../platform/database/paging.js';
import { enqueueJob, enqueueJobs, type Writer } from '../../platform/jobs/outbox.js';
import { mayMail } from './mailable.js';

export type CampaignRow = typeof emailCampaigns.$inferSelect;
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';
export type DeliveryCounts = Record<DeliveryStatus, number>;

export interface NewCampaign {
  subject: string;
  content: string;
  fromEmail: string;
  fromName: string;
  kind: CampaignKind;
  createdBy: string;
  /** Distinct addresses, lower-cased; `content`, when given, is that recipient's own words (a statement). */
  recipients: CampaignRecipient[];
}

export type CampaignRecipient = { email: string; name: string; content?: string };

/** What the editor saves of a draft. */
export interface DraftFields {
  subject: string;
  content: string;
  fromEmail: string;
  fromName: string;
  kind: CampaignKind;
  draftRecipients: Array<{ email: string; name: string }>;
}

const campaignSorts = {
  id: emailCampaigns.id,
  created_at: emailCampaigns.createdAt,
  subject: sql`lower(${emailCampaigns.subject})`,
  status: emailCampaigns.status,
  total: emailCampaigns.total,
};

const noDeliveries = (): DeliveryCounts => ({ pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0 });

export class CampaignRepository {
  constructor(private readonly db: Database) {}

  /**
   * The campaign and one delivery per address, sending at once: all or nothing, with the job that
   * sends it. Addresses that may not be mailed are stored as skipped.
   */
  async create(campaign: NewCampaign): Promise<{ id: number; status: CampaignStatus; total: number }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(emailCampaigns)
        .values({
          subject: campaign.subject,
          content: campaign.content,
          fromEmail: campaign.fromEmail,
          fromName: campaign.fromName,
          kind: campaign.kind,
          createdBy: campaign.createdBy,
          total: campaign.recipients.length,
        })
        .returning({ id: emailCampaigns.id });
      const id = row!.id;
      const pending = await insertDeliveries(tx, id, campaign.recipients, campaign.kind);
      if (pending > 0) {
        await enqueueJob(tx, 'send-campaign', { campaignId: id });
        return { id, status: 'sending', total: campaign.recipients.length };
      }
      await tx.update(emailCampaigns).set({ status: 'sent', finishedAt: new Date() }).where(eq(emailCampaigns.id, id));
      return { id, status: 'sent', total: campaign.recipients.length };
    });
  }

  async page(query: PageQuery, status?: CampaignStatus): Promise<{ count: number; rows: CampaignRow[] }> {
    const where = and(
      query.search ? ilike(emailCampaigns.subject, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      status ? eq(emailCampaigns.status, status) : undefined,
    );
    const [total] = await this.db.select({ count: count() }).from(emailCampaigns).where(where);
    const rows = await this.db
      .select()
      .from(emailCampaigns)
      .where(where)
      .orderBy(...orderingFor(query.ordering, campaignSorts, '-created_at'))
      .limit(query.page_size)
      .offset(offsetOf(query));
    return { count: total!.count, rows };
  }

  async find(id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
    return row;
  }

  async createDraft(draft: DraftFields & { createdBy: string }): Promise<CampaignRow> {
    const [row] = await this.db
      .insert(emailCampaigns)
      .values({ ...draft, status: 'draft', total: draft.draftRecipients.length })
      .returning();
    return row!;
  }

  /** Changes a campaign only while it is a draft; undefined when there is none such. */
  async updateDraft(id: number, changes: Partial<DraftFields>): Promise<CampaignRow | undefined> {
    const total = changes.draftRecipients ? { total: changes.draftRecipients.length } : {};
    const [row] = await this.db
      .update(emailCampaigns)
      .set({ ...changes, ...total, updatedAt: new Date() })
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'draft')))
      .returning();
    return row;
  }

  async deleteDraft(id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(emailCampaigns)
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'draft')))
      .returning({ id: emailCampaigns.id });
    return deleted.length > 0;
  }

  /** One `send-campaign-test` job per address; the campaign and its deliveries are not touched. */
  queueTest(campaignId: number, emails: string[]): Promise<void> {
    return enqueueJobs(
      this.db,
      emails.map((email) => ({ name: 'send-campaign-test', payload: { campaignId, email } })),
    );
  }

  async firstRecipient(campaignId: number): Promise<{ email: string; name: string } | undefined> {
    const [first] = await this.db
      .select({ email: emailDeliveries.email, name: emailDeliveries.name })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.campaignId, campaignId))
      .orderBy(emailDeliveries.id)
      .limit(1);
    return first;
  }

  /** How the deliveries of each listed campaign stand, by status. */
  async counts(campaignIds: number[]): Promise<Map<number, DeliveryCounts>> {
    const counts = new Map(campaignIds.map((id) => [id, noDeliveries()]));
    if (campaignIds.length === 0) return counts;
    const rows = await this.db
      .select({ campaignId: emailDeliveries.campaignId, status: emailDeliveries.status, count: count() })
      .from(emailDeliveries)
      .where(inArray(emailDeliveries.campaignId, campaignIds))
      .groupBy(emailDeliveries.campaignId, emailDeliveries.status);
    for (const row of rows) counts.get(row.campaignId)![row.status as DeliveryStatus] = row.count;
    return counts;
  }

  /** Whom the campaign's deliveries were made for. */
  recipients(campaignId: number): Promise<Array<{ email: string; name: string }>> {
    return this.db
      .select({ email: emailDeliveries.email, name: emailDeliveries.name })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.campaignId, campaignId))
      .orderBy(emailDeliveries.email);
  }

  failedDeliveries(campaignId: number) {
    return this.db
      .select({
        email: emailDeliveries.email,
        name: emailDeliveries.name,
        failureReason: emailDeliveries.failureReason,
        attempts: emailDeliveries.attempts,
      })
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.campaignId, campaignId), eq(emailDeliveries.status, 'failed')))
      .orderBy(emailDeliveries.email);
  }

  /**
   * Stops a campaign that is scheduled, sending or paused: its waiting deliveries are cancelled in
   * the same transaction, so the worker finds nothing more to send. Messages already being handed
   * to SMTP finish.
   */
  async cancel(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const cancelled = await tx
        .update(emailCampaigns)
        .set({ status: 'cancelled', cancelledAt: now, finishedAt: now, pausedReason: null })
        .where(and(eq(emailCampaigns.id, id), inArray(emailCampaigns.status, ['scheduled', 'sending', 'paused'])))
        .returning({ id: emailCampaigns.id });
      if (cancelled.length === 0) return false;
      await tx
        .update(emailDeliveries)
        .set({ status: 'cancelled' })
        .where(and(eq(emailDeliveries.campaignId, id), eq(emailDeliveries.status, 'pending')));
      return true;
    });
  }
}

/**
 * The one way a campaign's deliveries are made (sent at once or scheduled): one row per address in
 * one statement, the list travelling as one JSON parameter; an address that may not be mailed
 * (mayMail) is stored as skipped. Answers how many wait to be sent.
 */
export async function insertDeliveries(
  tx: Writer,
  campaignId: number,
  recipients: CampaignRecipient[],
  kind: CampaignKind,
): Promise<number> {
  const result = await tx.execute<{ pending: number }>(sql`
    with made as (
      insert into email_deliveries (campaign_id, email, name, content, status)
      select ${campaignId}, recipient.email, recipient.name, recipient.content,
             case when ${mayMail(sql`recipient.email`, kind)} then 'pending' else 'skipped' end
      from json_to_recordset(${JSON.stringify(recipients)}::json) as recipient(email text, name text, content text)
      returning status)
    select count(*) filter (where status = 'pending')::int as pending from made`);
  return result.rows[0]!.pending;
}
