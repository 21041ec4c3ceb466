import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { prayerLetters } from './letters.js';
import { PrayerRepository } from './repository.js';
import { startPrayerSweep } from './sweeps.js';
import { PrayerUpdates } from './updates.js';

/** A request's mail, and the sweep that archives old requests and tells senders how many prayed. */
export function prayerJobs({ ctx, mail }: JobParts): FeatureJobs {
  const requests = new PrayerRepository(ctx.db);
  return {
    letters: prayerLetters(
      requests,
      mail.settings,
      ctx.church,
      new PrayerUpdates(mail.signer, mail.settings, requests),
    ),
    routines: [{ feeds: 'email', start: () => startPrayerSweep(ctx) }],
  };
}
