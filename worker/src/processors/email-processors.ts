import type { AppContext } from '@gather/core/context';
import { CollectionRepository } from '@gather/core/collections/repository';
import { CampaignLifecycleRepository } from '@gather/core/email/campaign-lifecycle-repository';
import { CampaignRepository } from '@gather/core/email/campaign-repository';
import { DeliveryRepository } from '@gather/core/email/delivery-repository';
import { NotificationRepository } from '@gather/core/email/notification-repository';
import { mailSettings } from '@gather/core/mail/settings';
import { UnsubscribeLinks, unsubscribeSecret } from '@gather/core/mail/unsubscribe';
import { Mailer } from '../mailer.js';
import { RateLimit } from '../rate-limit.js';
import type { Processors } from '../worker.js';
import { CampaignProgress } from './campaign-progress.js';
import { sendCampaignTest } from './campaign-test.js';
import { sendCampaign } from './email-campaign.js';
import { sendNotificationEmail } from './email-notification.js';
import { sendUploadDigest } from './upload-digest.js';

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
