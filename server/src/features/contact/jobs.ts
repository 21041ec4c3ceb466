import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { contactLetters } from './letters.js';
import { ContactRepository } from './repository.js';

export function contactJobs({ ctx, mail }: JobParts): FeatureJobs {
  return { letters: contactLetters(new ContactRepository(ctx.db), mail.settings) };
}
