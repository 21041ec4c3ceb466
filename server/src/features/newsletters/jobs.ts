import type { FeatureJobs, JobParts } from '../../platform/jobs/feature-jobs.js';
import { RateLimit } from '../../platform/mail/rate-limit.js';
import { startCampaignCheck } from './campaign-check.js';
import { sendCampaign } from './campaign-job.js';
import { CampaignLifecycleRepository } from './campaign-lifecycle-repository.js';
import { CampaignProgress } from './campaign-progress.js';
import { CampaignRepository } from './campaign-repository.js';
import { sendCampaignTest } from './campaign-test-job.js';
import { DeliveryRepository } from './delivery-repository.js';
import { newsletterLetters } from './letters.js';
import { NewsletterRepository } from './signup-repository.js';
import { UnsubscribeLinks } from './unsubscribe.js';
import { ConfirmLinks } from './confirm-links.js';

/** The sending engine: campaigns in batches at the church's rate, their tests, the consent confirmation and the welcome, and the check. */
export function newsletterJobs({ ctx, mail, stopping }: JobParts): FeatureJobs {
  const links = new UnsubscribeLinks(mail.signer, mail.settings);
  const parts = { mailer: mail.mailer, settings: mail.settings, links };
  const campaigns = new CampaignRepository(ctx.db);
  return {
    processors: {
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
    },
    letters: newsletterLetters(
      new NewsletterRepository(ctx.db),
      mail.settings,
      links,
      new ConfirmLinks(mail.signer, mail.settings),
    ),
    routines: [{ feeds: 'email', start: () => startCampaignCheck(ctx) }],
  };
}
