import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { givingLetters } from './letters.js';
import { GivingRepository } from './repository.js';

export function givingJobs({ ctx, mail }: JobParts): FeatureJobs {
  return { letters: givingLetters(new GivingRepository(ctx.db), mail.settings) };
}
