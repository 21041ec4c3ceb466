import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../platform/database/client.js';
import { PreparedStatement } from '../../platform/database/prepared.js';
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

/**
 * How one claimed delivery ended this time: sent; failed for good; back to pending to be tried
 * again after the backoff (`retry`); or skipped (the address left the list meanwhile).
 */
export type DeliveryOutcome =
  | { id: number; status: 'sent'; messageId: string }
  | { id: number; status: 'failed' | 'retry'; reason: string }
  | { id: number; status: 'skipped' };

/** A recipient the mail server refused for good (5xx to RCPT TO or DATA). */
export interface PermanentRejection {
  id: number;
  email: string;
  reason: string;
}

/** This process's hold on one campaign: no other worker sends it until `end`. */
export interface CampaignRun {
  /** The database's time when the hold began: deliveries left 'sending' before it were abandoned by a dead worker. */
  startedAt: Date;
  end(): Promise<void>;
}

/** The first key of the campaign's advisory lock ("gath"), so it meets no other advisory lock. */
export const RUN_LOCK_SPACE = 0x67617468;

/**
 * The worker's side of bulk mail, a batch at a time: deliveries move pending -> sending ->
 * sent/failed/skipped, or back to pending for a retry.
 */
export class DeliveryRepository {
  private readonly claim: PreparedStatement<{ campaignId: number; limit: number }>;
  private readonly record = new PreparedStatement<{ campaignId: number; outcomes: string }>(
    'record-outcomes',
    recordStatement,
  );

  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    /** JOB_BACKOFF_MS: a delivery that failed for now waits this, doubled per attempt, before the next. */
    private readonly backoffMs: number,
  ) {
    this.claim = new PreparedStatement('claim-deliveries', claimStatement(backoffMs));
  }

  /**
   * Takes the campaign's session advisory lock on a connection of its own (not the pool's, which
   * the API may share), so one worker at a time sends a campaign. The lock dies with the connection,
   * so a killed worker's campaign is free at once. Undefined while another worker holds it.
   */
  async startRun(campaignId: number): Promise<CampaignRun | undefined> {
    const client = new pg.Client(this.pool.options);
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean; now: Date }>(
        'select pg_try_advisory_lock($1, $2) as locked, now() as now',
        [RUN_LOCK_SPACE, campaignId],
      );
      if (!rows[0]!.locked) {
        await client.end();
        return undefined;
      }
      return { startedAt: rows[0]!.now, end: () => client.end() };
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /**
   * At the start of a run: deliveries a dead worker left 'sending' wait again, due at once (that
   * message may go out twice). Only one run holds the campaign, so none of them is still in flight.
   */
  async reclaimAbandoned(campaignId: number, run: CampaignRun): Promise<void> {
    await this.db.execute(sql`
      update email_deliveries set status = 'pending', failure_reason = null, updated_at = now()
      where campaign_id = ${campaignId} and status = 'sending' and updated_at < ${run.startedAt.toISOString()}`);
  }

  /**
   * Claims up to `limit` pending deliveries due now (see deliveryDueAt) of a campaign that is
   * sending, in one statement (claimStatement), prepared once per connection.
   */
  async claimBatch(campaignId: number, limit: number): Promise<ClaimedDelivery[]> {
    const result = await this.pool.query<ClaimedRow>(this.claim.with({ campaignId, limit }));
    return result.rows.map((row) => ({
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
    }));
  }

  /**
   * Stores a batch's outcomes: one prepared statement for all of them, the permanent rejections
   * first through `recordPermanentRejections`. Answers whether the campaign is still sending, so
   * the run learns of a pause or a cancel in the same round trip.
   */
  async recordOutcomes(
    campaignId: number,
    outcomes: DeliveryOutcome[],
    rejections: PermanentRejection[],
  ): Promise<boolean> {
    const rows = outcomes.map((outcome) => ({
      id: outcome.id,
      status: outcome.status === 'retry' ? 'pending' : outcome.status,
      message_id: outcome.status === 'sent' ? outcome.messageId : null,
      reason: outcome.status === 'failed' || outcome.status === 'retry' ? outcome.reason : null,
    }));
    // Not one transaction: should the second write fail, its outcomes stay 'sending' and are sent
    // again, as they would be had both been rolled back.
    await this.recordPermanentRejections(this.db, rejections);
    const result = await this.pool.query<{ status: string }>(
      this.record.with({ campaignId, outcomes: JSON.stringify(rows) }),
    );
    return result.rows[0]?.status === 'sending';
  }

  /** Claimed deliveries the run will not send after all (the campaign paused, the worker stops): pending again, untried. */
  async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      update email_deliveries delivery set status = ${waitingUnlessCancelled(sql`'pending'`)}, attempts = attempts - 1
      where id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::int) and status = 'sending'`);
  }

  /**
   * The one place a recipient the mail server refused for good is recorded: its delivery fails
   * at once, with the server's words, and is never tried again; and the address is suppressed for
   * every later campaign in the same statement, so neither is recorded without the other. A
   * suppression already there keeps its first reason.
   */
  async recordPermanentRejections(tx: Pick<Database, 'execute'>, rejections: PermanentRejection[]): Promise<void> {
    if (rejections.length === 0) return;
    await tx.execute(sql`
      with failed as (
        update email_deliveries delivery
        set status = 'failed', failure_reason = rejection.reason, updated_at = now()
        from json_to_recordset(${JSON.stringify(rejections)}::json) as rejection(id integer, email text, reason text)
        where delivery.id = rejection.id and delivery.status = 'sending'
        returning delivery.email, delivery.campaign_id, rejection.reason)
      insert into email_suppressions (email, reason, campaign_id)
      select distinct on (lower(email)) lower(email), reason, campaign_id from failed
      on conflict ((lower(email))) do nothing`);
  }

  /** When the campaign's next delivery waiting for a retry is due; undefined when none waits. */
  async nextRetryAt(campaignId: number): Promise<Date | undefined> {
    const result = await this.db.execute<{ due: string | null }>(sql`
      select min(${deliveryDueAt(sql`delivery`, this.backoffMs)}) as due from email_deliveries delivery
      where delivery.campaign_id = ${campaignId} and delivery.status = 'pending'`);
    const due = result.rows[0]?.due;
    return due ? new Date(due) : undefined;
  }

  /**
   * How the campaign's most recently tried deliveries (at most `window`, since it last started or
   * resumed) ended: failed for now or for good, with the latest reason.
   */
  async recentOutcomes(campaignId: number, window: number): Promise<{ tried: number; failed: number; reason: string }> {
    const result = await this.db.execute<{ tried: number; failed: number; reason: string | null }>(sql`
      with recent as (
        select delivery.status, delivery.failure_reason, delivery.updated_at from email_deliveries delivery
        join email_campaigns campaign on campaign.id = delivery.campaign_id
        where delivery.campaign_id = ${campaignId} and delivery.attempts > 0
          and delivery.status in ('sent', 'failed', 'pending') and delivery.updated_at >= campaign.updated_at
        order by delivery.updated_at desc
        limit ${window})
      select count(*)::int as tried,
             count(*) filter (where failure_reason is not null)::int as failed,
             (select failure_reason from recent where failure_reason is not null
              order by updated_at desc limit 1) as reason
      from recent`);
    const row = result.rows[0]!;
    return { tried: row.tried, failed: row.failed, reason: row.reason ?? '' };
  }

  /**
   * Marks a sending campaign sent (or sent with failures) once none of its deliveries waits.
   * True for the one call that finished it.
   */
  async finishCampaign(campaignId: number): Promise<boolean> {
    const finished = await this.db.execute(sql`
      update email_campaigns campaign
      set status = case when exists (select 1 from email_deliveries delivery
                                     where delivery.campaign_id = campaign.id and delivery.status = 'failed')
                        then 'sent_with_failures' else 'sent' end,
          finished_at = now(), updated_at = now()
      where campaign.id = ${campaignId} and campaign.status = 'sending'
        and not exists (select 1 from email_deliveries delivery
                        where delivery.campaign_id = ${campaignId} and delivery.status in ('pending', 'sending'))`);
    return (finished.rowCount ?? 0) > 0;
  }
}

/**
 * A delivery that goes back to waiting (a retry, or claimed but not sent) in a campaign cancelled
 * meanwhile is cancelled instead, as the cancel did to those already waiting.
 */
function waitingUnlessCancelled(status: SQL): SQL {
  return sql`case when ${status} = 'pending' and exists (select 1 from email_campaigns campaign
                   where campaign.id = delivery.campaign_id and campaign.status = 'cancelled')
                  then 'cancelled' else ${status} end`;
}

/** When a pending delivery may be tried: at once, or after a failure JOB_BACKOFF_MS doubling per attempt made, as jobs wait. */
export function deliveryDueAt(delivery: SQL, backoffMs: number): SQL {
  return sql`case when ${delivery}.failure_reason is null then ${delivery}.updated_at
                  else ${delivery}.updated_at + make_interval(secs => ${backoffMs / 1000}::float8
                       * power(2, greatest(${delivery}.attempts - 1, 0))) end`;
}

/** The row claimBatch's statement answers per delivery. */
interface ClaimedRow {
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
}

/**
 * See claimBatch. SKIP LOCKED keeps two claims from waiting on each other; no order is asked for,
 * so the campaign's status index finds them without sorting the campaign.
 */
function claimStatement(backoffMs: number): SQL {
  const campaignId = sql.placeholder('campaignId');
  return sql`
    with due as (
      select delivery.id from email_deliveries delivery
      where delivery.campaign_id = ${campaignId}::int and delivery.status = 'pending'
        and ${deliveryDueAt(sql`delivery`, backoffMs)} <= now()
        and exists (select 1 from email_campaigns campaign
                    where campaign.id = ${campaignId}::int and campaign.status = 'sending')
      limit ${sql.placeholder('limit')}::int
      for update of delivery skip locked)
    update email_deliveries delivery
    set status = 'sending', attempts = delivery.attempts + 1, updated_at = now()
    from due, email_campaigns campaign
    where delivery.id = due.id and campaign.id = delivery.campaign_id
    returning delivery.id, delivery.campaign_id, delivery.email, delivery.name, delivery.attempts,
              campaign.subject, coalesce(delivery.content, campaign.content) as content,
              campaign.from_email, campaign.from_name,
              ${mayMail(sql`delivery.email`, sql`campaign.kind`)} as mailable`;
}

/** See recordOutcomes. */
const recordStatement = sql`
  with recorded as (
    update email_deliveries delivery
    set status = ${waitingUnlessCancelled(sql`outcome.status`)},
        message_id = coalesce(outcome.message_id, delivery.message_id),
        failure_reason = outcome.reason, updated_at = now(),
        sent_at = case when outcome.status = 'sent' then now() else delivery.sent_at end
    from json_to_recordset(${sql.placeholder('outcomes')}::json)
         as outcome(id integer, status text, message_id text, reason text)
    where delivery.id = outcome.id and delivery.status = 'sending')
  select status from email_campaigns where id = ${sql.placeholder('campaignId')}::int`;
