import type { AppContext } from '../platform/context.js';
import { startCampaignCheck } from '../features/newsletters/campaign-check.js';
import { startWorkerBeat } from '../platform/jobs/heartbeat.js';
import { createProcessors } from './processors.js';
import { startReminderSweep } from '../features/building-fund/reminder-sweep.js';
import { startWorkers, type RunningWorkers } from '../platform/jobs/workers.js';

export type { RunningWorkers };

/** Starts this process's workers: in `npm run worker`, or inside `npm start` on the embedded default. */
export async function runWorker(ctx: AppContext): Promise<RunningWorkers> {
  const stopping = new AbortController();
  const running = await startWorkers(ctx, createProcessors(ctx, stopping.signal));
  const mails = ctx.config.WORKER_QUEUES.includes('email');
  const check = mails ? startCampaignCheck(ctx) : undefined;
  const reminders = mails ? startReminderSweep(ctx) : undefined;
  const stopBeat = startWorkerBeat(running, ctx.redis, ctx.config.QUEUE_PREFIX);
  return {
    workers: running.workers,
    close: async () => {
      // Campaign runs stop after their batch in hand instead of sending the rest of the campaign.
      stopping.abort();
      await stopBeat();
      check?.stop();
      await reminders?.stop();
      await running.close();
    },
  };
}
