import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { registrationLetters } from './letters.js';
import { RegistrationLinks } from './links.js';
import { startRegistrationSweep } from './sweeps.js';

/** A sign-up's mail, and the sweep that passes on late offers and queues the day-before reminders. */
export function registrationJobs({ ctx, mail }: JobParts): FeatureJobs {
  return {
    letters: registrationLetters(ctx, mail.settings, new RegistrationLinks(mail.signer, mail.settings)),
    routines: [{ feeds: 'email', start: () => startRegistrationSweep(ctx) }],
  };
}
