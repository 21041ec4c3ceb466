import type { Logger } from 'pino';
import type { Routine } from './feature-jobs.js';

/**
 * Runs `step` at the worker's start and then every `everyMs`, one at a time: a slow step is not overtaken by the
 * next. A failed step is logged as `failure` and tried again next time. Stopping answers once the step under way
 * has committed or failed.
 */
export function startSweep(everyMs: number, step: () => Promise<void>, log: Logger, failure: string): Routine {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(() =>
      step().catch((error: unknown) => log.warn({ err: (error as Error).message }, failure)),
    );
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}
