import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { buildingFundLetters } from './letters.js';
import { ReminderLinks } from './reminder-links.js';
import { startReminderSweep } from './reminder-sweep.js';

/** A pledge's mail to its donor, and the hourly sweep that queues the reminders due. */
export function buildingFundJobs({ ctx, mail }: JobParts): FeatureJobs {
  return {
    letters: buildingFundLetters(ctx.db, mail.settings, new ReminderLinks(mail.signer, mail.settings)),
    routines: [{ feeds: 'email', start: () => startReminderSweep(ctx) }],
  };
}
