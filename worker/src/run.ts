import type { AppContext } from '@gather/core/context';
import { startCampaignCheck } from './campaign-check.js';
import { startWorkerBeat } from './heartbeat.js';
import { createProcessors } from './processors/index.js';
import { startReminderSweep } from './reminder-sweep.js';
import { startWorkers, type RunningWorkers } from './worker.js';

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
