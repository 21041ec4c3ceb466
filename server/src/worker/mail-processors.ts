import type { AppContext } from '../platform/context.js';
import { CollectionRepository } from '../features/collections/repository.js';
import { CampaignLifecycleRepository } from '../features/newsletters/campaign-lifecycle-repository.js';
import { CampaignRepository } from '../features/newsletters/campaign-repository.js';
import { DeliveryRepository } from '../features/newsletters/delivery-repository.js';
import { NotificationRepository } from '../platform/mail/notification-repository.js';
import { mailSettings } from '../platform/mail/settings.js';
import { UnsubscribeLinks, unsubscribeSecret } from '../features/newsletters/unsubscribe.js';
import { Mailer } from '../platform/mail/mailer.js';
import { RateLimit } from '../platform/mail/rate-limit.js';
import type { Processors } from '../platform/jobs/workers.js';
import { CampaignProgress } from '../features/newsletters/campaign-progress.js';
import { sendCampaignTest } from '../features/newsletters/campaign-test-job.js';
import { sendCampaign } from '../features/newsletters/campaign-job.js';
import { sendNotificationEmail } from '../platform/mail/notification-job.js';
import { sendUploadDigest } from '../features/collections/upload-digest-job.js';

/**
 * The e-mail queue's processors, sharing one pooled SMTP transport per worker process.
 * `stopping` is aborted when the worker stops, so a campaign's run hands on what is left.
 */
export function emailProcessors(
  ctx: AppContext,
  stopping: AbortSignal,
): Pick<Processors, 'send-campaign' | 'send-campaign-test' | 'send-notification-email' | 'send-upload-digest'> {
  const settings = mailSettings(ctx.config);
  const parts = {
    mailer: new Mailer(ctx.config),
    settings,
    links: new UnsubscribeLinks(unsubscribeSecret(ctx.config), settings),
  };
  const campaigns = new CampaignRepository(ctx.db);
  return {
    'send-campaign': sendCampaign({
      deliveries: new DeliveryRepository(ctx.db, ctx.pool, ctx.config.JOB_BACKOFF_MS),
      lifecycle: new CampaignLifecycleRepository(ctx.db),
      progress: new CampaignProgress(campaigns, ctx.live, ctx.log),
      parts,
      concurrency: ctx.config.WORKER_EMAIL_CONCURRENCY,
      rate: new RateLimit(ctx.config.EMAIL_RATE_PER_SECOND),
      stopping,
      log: ctx.log,
    }),
    'send-campaign-test': sendCampaignTest(campaigns, parts),
    'send-notification-email': sendNotificationEmail(new NotificationRepository(ctx.db), parts, ctx.log),
    'send-upload-digest': sendUploadDigest(
      new CollectionRepository(ctx.db),
      parts,
      ctx.config.UPLOAD_DIGEST_SECONDS * 1000,
      ctx.log,
    ),
  };
}
