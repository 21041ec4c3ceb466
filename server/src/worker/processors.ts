import { NOTIFICATION_KINDS, type NotificationKind } from '@gather/contracts';
import { buildingFundJobs } from '../features/building-fund/jobs.js';
import { collectionJobs } from '../features/collections/jobs.js';
import { connectJobs } from '../features/connect/jobs.js';
import { contactJobs } from '../features/contact/jobs.js';
import { givingJobs } from '../features/giving/jobs.js';
import { newsletterJobs } from '../features/newsletters/jobs.js';
import { prayerJobs } from '../features/prayer/jobs.js';
import { registrationJobs } from '../features/registrations/jobs.js';
import { staffAccountJobs } from '../features/staff-accounts/jobs.js';
import type { AppContext } from '../platform/context.js';
import type { FeatureJobs, JobParts } from '../platform/jobs/feature-jobs.js';
import type { Processors } from '../platform/jobs/workers.js';
import type { Letter, Letters } from '../platform/mail/letter.js';
import { Mailer } from '../platform/mail/mailer.js';
import { sendNotificationEmail } from '../platform/mail/notification-job.js';
import { mailSettings } from '../platform/mail/settings.js';
import { uploadProcessor } from '../platform/media/processing/processing-job.js';
import { LinkSigner, siteSecret } from '../platform/signed-links.js';

/** Every feature with work for the worker. */
const FEATURES = [
  newsletterJobs,
  buildingFundJobs,
  collectionJobs,
  contactJobs,
  connectJobs,
  givingJobs,
  staffAccountJobs,
  registrationJobs,
  prayerJobs,
] as const;

/**
 * Every feature's jobs, built once per worker process around one pooled SMTP transport. Each kind of
 * notification must have its letter: a kind added to the contracts with no feature writing it stops the start.
 */
export function featureJobs(
  ctx: AppContext,
  stopping: AbortSignal,
): { processors: Partial<Processors>; features: FeatureJobs[] } {
  const settings = mailSettings(ctx.config, ctx.church);
  const mail = { mailer: new Mailer(ctx.config), settings, signer: new LinkSigner(siteSecret(ctx.config)) };
  const parts: JobParts = { ctx, mail, stopping };
  const features = FEATURES.map((jobs) => jobs(parts));
  const letters: Partial<Letters> = Object.assign({}, ...features.map((feature) => feature.letters));
  const missing = NOTIFICATION_KINDS.filter((kind) => !letters[kind]);
  if (missing.length) throw new Error(`No feature writes the mail for: ${missing.join(', ')}`);
  const processors: Partial<Processors> = {
    ...Object.assign({}, ...features.map((feature) => feature.processors)),
    'send-notification-email': sendNotificationEmail(letters as Record<NotificationKind, Letter>, mail.mailer, ctx.log),
    'process-upload': uploadProcessor(ctx, Object.assign({}, ...features.map((feature) => feature.uploadAnnouncers))),
  };
  return { features, processors: withFreshChurchSettings(ctx, processors) };
}

/** Each job writes with the church's details as Settings last saved them, whichever API process saved them. */
function withFreshChurchSettings(ctx: AppContext, processors: Partial<Processors>): Partial<Processors> {
  return Object.fromEntries(
    Object.entries(processors).map(([name, processor]) => [
      name,
      async (payload: never, job: never) => {
        await ctx.church.current();
        return (processor as (payload: never, job: never) => Promise<unknown>)(payload, job);
      },
    ]),
  ) as Partial<Processors>;
}
