import type { CampaignLifecycleRepository } from '@gather/backend/features/email/campaign-lifecycle-repository';
import type {
  CampaignRun,
  ClaimedDelivery,
  DeliveryOutcome,
  DeliveryRepository,
  PermanentRejection,
} from '@gather/backend/features/email/delivery-repository';
import { campaignMessage } from '@gather/backend/mail/campaign';
import type { MailSettings } from '@gather/backend/mail/settings';
import type { UnsubscribeLinks } from '@gather/backend/mail/unsubscribe';
import { jobOptions } from '@gather/backend/outbox/queues';
import type { Logger } from 'pino';
import { failureReason, isPermanentRejection, type Mailer } from '../mailer.js';
import type { RateLimit } from '../rate-limit.js';
import type { Processor } from '../worker.js';
import { AUTO_PAUSE_WINDOW, autoPauseReason } from './auto-pause.js';
import type { CampaignProgress } from './campaign-progress.js';

export interface EmailParts {
  mailer: Mailer;
  settings: MailSettings;
  links: UnsubscribeLinks;
}

export interface CampaignEngine {
  deliveries: DeliveryRepository;
  lifecycle: CampaignLifecycleRepository;
  progress: CampaignProgress;
  parts: EmailParts;
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
 * Two lanes, each sending half the connections' worth at a time: while one lane records its batch,
 * the other keeps its connections busy. A lane sends its next batch only once the last one is
 * recorded (and the campaign is still sending), so sent-but-unrecorded messages never exceed the
 * concurrency: a pause or a killed worker leaves at most that many in flight.
 */
const LANES = 2;
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
    try {
      await deliveries.reclaimAbandoned(campaignId, run);
      const size = Math.max(1, Math.floor(engine.concurrency / LANES));
      const lanes = Array.from({ length: Math.min(LANES, engine.concurrency) }, () =>
        lane(engine, campaignId, size, (count) => (claimed += count)),
      );
      await Promise.all(lanes);
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
    // A run that found nothing to send leaves the retries to the run that made them (or the periodic check).
    const retryAt = claimed > 0 ? await deliveries.nextRetryAt(campaignId) : undefined;
    if (retryAt) await lifecycle.queueRun(campaignId, retryAt);
    return { claimed, retryAt };
  };
}

async function lane(
  engine: CampaignEngine,
  campaignId: number,
  size: number,
  counted: (claimed: number) => void,
): Promise<void> {
  const { deliveries, lifecycle, progress, stopping } = engine;
  // A claim made ahead is awaited later; marked handled now so a failing one cannot end the process first.
  const claim = () => {
    const claimed = deliveries.claimBatch(campaignId, size);
    claimed.catch(() => undefined);
    return claimed;
  };
  let next = claim();
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    counted(batch.length);
    // The next batch is claimed while this one is sent, but sent only once this one is recorded.
    next = stopping.aborted ? Promise.resolve([]) : claim();
    const outcomes: DeliveryOutcome[] = [];
    const rejections: PermanentRejection[] = [];
    await Promise.all(
      batch.map(async (delivery) => {
        const outcome = await deliver(engine, delivery);
        if ('email' in outcome) rejections.push(outcome);
        else outcomes.push(outcome);
      }),
    );
    // Should this fail, the batch claimed ahead stays 'sending' for the next run to reclaim.
    let sending = await deliveries.recordOutcomes(campaignId, outcomes, rejections);
    progress.delivered(campaignId);
    if (rejections.length > 0 || outcomes.some((outcome) => outcome.status === 'failed' || outcome.status === 'retry')) {
      const reason = autoPauseReason(await deliveries.recentOutcomes(campaignId, AUTO_PAUSE_WINDOW));
      if (reason && (await lifecycle.pause(campaignId, reason))) {
        engine.log.warn({ campaignId, reason }, 'campaign paused automatically');
        progress.paused(campaignId);
        sending = false;
      }
    }
    if (!sending || stopping.aborted) {
      // Paused, cancelled or stopping: what was claimed ahead goes back untried.
      await deliveries.release((await next).map((delivery) => delivery.id));
      return;
    }
  }
}

/** One message to one recipient; never throws: every way it can end is an outcome to record. */
async function deliver(
  { parts: { mailer, settings, links }, rate }: CampaignEngine,
  delivery: ClaimedDelivery,
): Promise<DeliveryOutcome | PermanentRejection> {
  if (!delivery.mailable) return { id: delivery.id, status: 'skipped' };
  const message = campaignMessage(
    settings,
    { subject: delivery.subject, content: delivery.content, from: { name: delivery.fromName, address: delivery.fromEmail } },
    { name: delivery.name, address: delivery.email },
    links.linksFor(delivery.email),
  );
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
