import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { staffAccountLetters } from './letters.js';
import { PasswordLinks } from './password-links.js';
import { StaffAccountsRepository } from './repository.js';

export function staffAccountJobs({ ctx, mail }: JobParts): FeatureJobs {
  return {
    letters: staffAccountLetters(
      new StaffAccountsRepository(ctx.db),
      mail.settings,
      new PasswordLinks(mail.signer, mail.settings),
    ),
  };
}
