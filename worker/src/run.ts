import type { AppContext } from '@gather/backend/context';
import { createProcessors } from './processors/index.js';
import { startWorkers, type RunningWorkers } from './worker.js';

/** Starts this process's workers: in `npm run worker`, or inside `npm start` on the embedded default. */
export function runWorker(ctx: AppContext): Promise<RunningWorkers> {
  return startWorkers(ctx, createProcessors(ctx));
}
