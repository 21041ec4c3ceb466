import type { AppContext } from '../../platform/context.js';
import type { Routine } from '../../platform/jobs/feature-jobs.js';
import { startSweep } from '../../platform/jobs/sweep.js';
import { PrayerLive } from './live.js';
import { PrayerRepository } from './repository.js';

/** Requests age by days, and their senders hear at most daily: a look every ten minutes is soon enough. */
const SWEEP_MS = 10 * 60_000;

/**
 * At the worker's start and every SWEEP_MS: archives requests older than the church's archive age (they leave the
 * wall), and queues the news of how many prayed to senders who asked for it. Every worker may sweep: each change
 * is a conditional UPDATE, so two sweeps never archive or tell twice.
 */
export function startPrayerSweep(ctx: AppContext): Routine {
  const requests = new PrayerRepository(ctx.db);
  const live = new PrayerLive(ctx.live, (id) => requests.prayedCount(id));
  return startSweep(
    SWEEP_MS,
    async () => {
      const { prayer_archive_days: days } = await ctx.church.current();
      const archived = await requests.archiveOlderThan(days);
      for (const request of archived) if (request.wasOnWall) live.hidden(request.id);
      if (archived.length) {
        ctx.live.attentionChanged();
        ctx.log.info({ archived: archived.length }, 'prayer requests archived by age');
      }
      const told = await requests.claimPrayedNews();
      if (told) ctx.log.info({ told }, 'prayer counts queued for their senders');
    },
    ctx.log,
    'could not sweep prayer requests',
  );
}
