import type { CampaignLifecycleRepository } from './campaign-lifecycle-repository.js';
import { campaignLetter } from './campaign-letter.js';
import type {
  CampaignRun,
  ClaimedDelivery,
  DeliveryOutcome,
  DeliveryRepository,
  PermanentRejection,
} from './delivery-repository.js';
import type { MailSettings } from '../../platform/mail/settings.js';
import type { UnsubscribeLinks } from './unsubscribe.js';
import { jobOptions } from '../../platform/jobs/queues.js';
import type { Logger } from 'pino';
import { failureReason, isPermanentRejection, type Mailer } from '../../platform/mail/mailer.js';
import type { RateLimit } from '../../platform/mail/rate-limit.js';
import { Slots } from '../../platform/jobs/slots.js';
import type { Processor } from '../../platform/jobs/workers.js';
import { AUTO_PAUSE_WINDOW, autoPauseReason } from './auto-pause.js';
import type { CampaignProgress } from './campaign-progress.js';

/** What a newsletter's message needs: the pooled transport, the settings and the unsubscribe links. */
export interface CampaignMailParts {
  mailer: Mailer;
  settings: MailSettings;
  links: UnsubscribeLinks;
}

export interface CampaignEngine {
  deliveries: DeliveryRepository;
  lifecycle: CampaignLifecycleRepository;
  progress: CampaignProgress;
  parts: CampaignMailParts;
  /** WORKER_EMAIL_CONCURRENCY: messages handed to SMTP at once, the pool's connections. */
  concurrency: number;
  /** EMAIL_RATE_PER_SECOND, shared by every campaign this process sends. */
  rate: RateLimit;
  /** Aborted when the worker is stopping: a run hands its campaign on instead of finishing it. */
  stopping: AbortSignal;
  log: Logger;
}

/** The attempts a temporary failure (4xx, a dropped connection) gets in all, as every job does. */
const ATTEMPTS = jobOptions(0).attempts ?? 1;
/**
 * Outcome writes under way at once. One write at a time gathers the outcomes that finish while it
 * commits into the next; a second starts only when half the slots wait on the first, so a slow
 * commit does not idle the connections. Fewer, larger writes leave PostgreSQL's core to the mail.
 */
const WRITERS = 2;
/**
 * Deliveries claimed per statement, in slots' worth: the claim runs while the previous batch is
 * sent, and claimed deliveries not yet handed to SMTP are released on a pause, so a larger batch
 * only saves round trips.
 */
const CLAIMED_PER_SLOT = 5;
/** How often a run that waits for another worker's run of the same campaign asks again. */
const WAIT_FOR_RUN_MS = 250;

/**
 * A campaign's run, listmonk-style: claim a batch of due deliveries (only while the campaign is
 * sending), send them concurrently through the pooled transport, record the outcomes in one
 * transaction, repeat until none is due; then finish the campaign, or queue the next run for when
 * the first retry is due. The delivery rows, not the job, say what still has to go, so a job run
 * twice sends once; one worker at a time runs a campaign (see DeliveryRepository.startRun).
 */
export function sendCampaign(engine: CampaignEngine): Processor<'send-campaign'> {
  const { deliveries, lifecycle, progress, stopping } = engine;
  return async ({ campaignId }) => {
    if (!(await lifecycle.startIfDue(campaignId))) return { sent: 0, reason: 'not sending' };
    const run = await waitForRun(deliveries, campaignId, stopping);
    if (!run) return { sent: 0, reason: 'worker stopping' };
    let claimed = 0;
    let stillSending: boolean;
    try {
      await deliveries.reclaimAbandoned(campaignId, run);
      stillSending = await sendDue(engine, campaignId, (count) => (claimed += count));
    } finally {
      await run.end().catch(() => undefined);
    }
    if (stopping.aborted) {
      await lifecycle.queueRun(campaignId);
      return { claimed, reason: 'worker stopping; handed on' };
    }
    if (await deliveries.finishCampaign(campaignId)) {
      progress.finished(campaignId);
      return { claimed, finished: true };
    }
    // A paused or cancelled campaign waits for staff; a run that found nothing to send leaves the
    // retries to the run that made them (or the periodic check).
    const retryAt = stillSending && claimed > 0 ? await deliveries.nextRetryAt(campaignId) : undefined;
    if (retryAt) await lifecycle.queueRun(campaignId, retryAt);
    return { claimed, retryAt };
  };
}

/**
 * Sends the campaign's due deliveries until none is left or it stops sending. A message takes
 * one of `concurrency` slots from the moment it is handed to SMTP until its outcome is recorded,
 * so sent-but-unrecorded messages never exceed the concurrency: a killed worker sends at most
 * that many twice, and after a pause at most that many still go. The next batch is claimed while
 * this one is sent; outcomes are recorded together, as many as finished since the last write.
 * Answers whether the campaign is still sending (not paused or cancelled meanwhile).
 */
async function sendDue(
  engine: CampaignEngine,
  campaignId: number,
  counted: (claimed: number) => void,
): Promise<boolean> {
  const { deliveries, stopping, concurrency } = engine;
  const slots = new Slots(concurrency);
  const finished: Array<DeliveryOutcome | PermanentRejection> = [];
  let inFlight = 0;
  let writing = 0;
  let feeding = true;
  let sending = true;
  let failure: unknown;
  let recordedAll = () => undefined as void;
  const allRecorded = new Promise<void>((resolve) => (recordedAll = resolve));
  const settle = () => {
    if (!feeding && inFlight === 0 && writing === 0 && finished.length === 0) recordedAll();
  };
  /** Writes what finished (see WRITERS); a slot frees once its message's outcome is stored. */
  const flush = () => {
    const due = () => writing === 0 || (writing < WRITERS && finished.length >= concurrency / 2);
    while (finished.length > 0 && due()) {
      const written = finished.splice(0);
      writing += 1;
      void record(engine, campaignId, written)
        .then(
          (stillSending) => {
            if (!stillSending) sending = false;
          },
          (error: unknown) => {
            // Nothing more is sent; what is not recorded stays 'sending' for the next run to reclaim.
            failure ??= error;
            sending = false;
          },
        )
        .finally(() => {
          writing -= 1;
          slots.release(written.length);
          flush();
          settle();
        });
    }
  };

  const claim = () => {
    const claimed = deliveries.claimBatch(campaignId, concurrency * CLAIMED_PER_SLOT);
    // Awaited later; marked handled now so a failing claim cannot end the process first.
    claimed.catch(() => undefined);
    return claimed;
  };
  const going = () => sending && !stopping.aborted;
  try {
    let next: Promise<ClaimedDelivery[]> | undefined = claim();
    while (next) {
      const batch: ClaimedDelivery[] = await next;
      next = undefined;
      if (batch.length === 0) break;
      counted(batch.length);
      if (going()) next = claim();
      let started = 0;
      for (const delivery of batch) {
        await slots.acquire();
        if (!going()) {
          slots.release();
          break;
        }
        started += 1;
        inFlight += 1;
        void deliver(engine, delivery).then((outcome) => {
          inFlight -= 1;
          finished.push(outcome);
          flush();
        });
      }
      // Paused, cancelled or stopping: what was claimed but not handed to SMTP waits again, untried.
      const untried = batch.slice(started);
      if (!going() && next) untried.push(...(await next));
      if (!going()) next = undefined;
      await deliveries.release(untried.map((delivery) => delivery.id));
    }
  } finally {
    feeding = false;
    settle();
    await allRecorded;
  }
  if (failure) throw failure;
  return sending;
}

/** Writes outcomes; pauses the campaign when most recent ones failed. Answers whether it is still sending. */
async function record(
  { deliveries, lifecycle, progress, log }: CampaignEngine,
  campaignId: number,
  written: Array<DeliveryOutcome | PermanentRejection>,
): Promise<boolean> {
  const rejections = written.filter((outcome): outcome is PermanentRejection => 'email' in outcome);
  const outcomes = written.filter((outcome): outcome is DeliveryOutcome => !('email' in outcome));
  const sending = await deliveries.recordOutcomes(campaignId, outcomes, rejections);
  progress.delivered(campaignId);
  const failed =
    rejections.length > 0 || outcomes.some((outcome) => outcome.status === 'failed' || outcome.status === 'retry');
  if (!sending || !failed) return sending;
  const reason = autoPauseReason(await deliveries.recentOutcomes(campaignId, AUTO_PAUSE_WINDOW));
  if (!reason || !(await lifecycle.pause(campaignId, reason))) return true;
  log.warn({ campaignId, reason }, 'campaign paused automatically');
  progress.paused(campaignId);
  return false;
}

/** One message to one recipient; never throws: every way it can end is an outcome to record. */
async function deliver(
  { parts: { mailer, settings, links }, rate }: CampaignEngine,
  delivery: ClaimedDelivery,
): Promise<DeliveryOutcome | PermanentRejection> {
  if (!delivery.mailable) return { id: delivery.id, status: 'skipped' };
  const message = campaignLetter(settings, links, delivery, { name: delivery.name, address: delivery.email });
  await rate.take();
  try {
    return { id: delivery.id, status: 'sent', messageId: await mailer.send(message) };
  } catch (error) {
    const reason = failureReason(error);
    if (isPermanentRejection(error)) return { id: delivery.id, email: delivery.email, reason };
    return { id: delivery.id, status: delivery.attempts >= ATTEMPTS ? 'failed' : 'retry', reason };
  }
}

/** The campaign's run lock; another worker's run of it ends soon (it stops when nothing is due). */
async function waitForRun(
  deliveries: DeliveryRepository,
  campaignId: number,
  stopping: AbortSignal,
): Promise<CampaignRun | undefined> {
  for (;;) {
    const run = await deliveries.startRun(campaignId);
    if (run || stopping.aborted) return run;
    await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_RUN_MS));
  }
}
