import { todayIn } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { claimDueReminders } from './pledge-mail-repository.js';

/** Reminders are a matter of days: an hourly look catches each day's soon after the church's midnight. */
const SWEEP_MS = 60 * 60 * 1000;

export interface ReminderSweep {
  /** No more sweeps; answers once the one under way has committed or failed. */
  stop(): Promise<void>;
}

/**
 * At the worker's start and every hour, claims the pledge reminders due today and queues their
 * mail (claimDueReminders). Every worker may sweep: the claim lets each reminder through once.
 */
export function startReminderSweep(ctx: AppContext): ReminderSweep {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(async () => {
      try {
        const { time_zone: timeZone } = await ctx.church.current();
        const claimed = await claimDueReminders(ctx.db, {
          today: todayIn(timeZone),
          days: ctx.config.PLEDGE_REMINDER_DAYS,
          timeZone,
        });
        if (claimed) ctx.log.info({ reminders: claimed }, 'pledge reminders queued');
      } catch (error) {
        ctx.log.warn({ err: (error as Error).message }, 'could not look for pledge reminders due');
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}
