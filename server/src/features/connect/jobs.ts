import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { connectLetters } from './letters.js';
import { ConnectRepository } from './repository.js';

export function connectJobs({ ctx, mail }: JobParts): FeatureJobs {
  return { letters: connectLetters(new ConnectRepository(ctx.db), mail.settings) };
}
