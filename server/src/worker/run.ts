import type { AppContext } from '../platform/context.js';
import { startWorkerBeat } from '../platform/jobs/heartbeat.js';
import { startWorkers, type RunningWorkers } from '../platform/jobs/workers.js';
import { featureJobs } from './processors.js';

export type { RunningWorkers };

/** Starts this process's workers: in `npm run worker`, or inside `npm start` on the embedded default. */
export async function runWorker(ctx: AppContext): Promise<RunningWorkers> {
  const stopping = new AbortController();
  const { processors, features } = featureJobs(ctx, stopping.signal);
  const running = await startWorkers(ctx, processors);
  const routines = features
    .flatMap((feature) => feature.routines ?? [])
    .filter((routine) => ctx.config.WORKER_QUEUES.includes(routine.feeds))
    .map((routine) => routine.start());
  const stopBeat = startWorkerBeat(running, ctx.redis, ctx.config.QUEUE_PREFIX);
  return {
    workers: running.workers,
    close: async () => {
      // Campaign runs stop after their batch in hand instead of sending the rest of the campaign.
      stopping.abort();
      await stopBeat();
      for (const routine of routines) await routine.stop();
      await running.close();
    },
  };
}
