import type { AppContext } from '../../platform/context.js';
import { CampaignLifecycleRepository } from './campaign-lifecycle-repository.js';

export interface CampaignCheck {
  stop(): void;
}

/**
 * A scheduled campaign starts from its delayed job in Redis, and a sending one is carried on by
 * its jobs. Should Redis lose those (restarted empty), this check, at the worker's start and every
 * OUTBOX_RECHECK_MS, starts the scheduled campaigns whose time has come and queues a run for any
 * sending campaign with a delivery due that no worker is sending. Starting twice is harmless.
 */
export function startCampaignCheck(ctx: AppContext): CampaignCheck {
  const lifecycle = new CampaignLifecycleRepository(ctx.db);
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    running = running.then(async () => {
      try {
        const started = await lifecycle.restartDue(ctx.config.JOB_BACKOFF_MS);
        if (started.length) ctx.log.info({ campaigns: started }, 'campaigns due or stranded handed to the queue');
      } catch (error) {
        ctx.log.warn({ err: (error as Error).message }, 'could not check for campaigns due');
      }
    });
  };
  check();
  const timer = setInterval(check, ctx.config.OUTBOX_RECHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
