import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { prayerLetters } from './letters.js';
import { PrayerRepository } from './repository.js';
import { startPrayerSweep } from './sweeps.js';

/** A request's mail, and the sweep that archives old requests and tells senders how many prayed. */
export function prayerJobs({ ctx, mail }: JobParts): FeatureJobs {
  return {
    letters: prayerLetters(new PrayerRepository(ctx.db), mail.settings, ctx.church),
    routines: [{ feeds: 'email', start: () => startPrayerSweep(ctx) }],
  };
}
