import { todayIn } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Routine } from '../../platform/jobs/feature-jobs.js';
import { startSweep } from '../../platform/jobs/sweep.js';
import { claimDueReminders } from './pledge-mail-repository.js';

/** Reminders are a matter of days: an hourly look catches each day's soon after the church's midnight. */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * At the worker's start and every hour, claims the pledge reminders due today and queues their
 * mail (claimDueReminders). Every worker may sweep: the claim lets each reminder through once.
 */
export function startReminderSweep(ctx: AppContext): Routine {
  return startSweep(
    SWEEP_MS,
    async () => {
      const { time_zone: timeZone } = await ctx.church.current();
      const claimed = await claimDueReminders(ctx.db, {
        today: todayIn(timeZone),
        days: ctx.config.PLEDGE_REMINDER_DAYS,
        timeZone,
      });
      if (claimed) ctx.log.info({ reminders: claimed }, 'pledge reminders queued');
    },
    ctx.log,
    'could not look for pledge reminders due',
  );
}
