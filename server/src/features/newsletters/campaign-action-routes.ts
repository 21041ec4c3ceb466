import { campaignScheduleSchema, campaignSchema, integerId } from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { CampaignActions } from './campaign-actions.js';
import { CampaignLifecycleRepository } from './campaign-lifecycle-repository.js';
import { CampaignRepository } from './campaign-repository.js';
import { rowBefore } from '../../platform/database/before.js';
import { emailCampaigns } from '../../platform/database/schema/newsletters.js';

const campaignParams = z.object({ id: integerId });

/** Staff's controls over a campaign's sending; each answers the campaign as it now stands. */
export function campaignActionRoutes(ctx: AppContext): ApiRouter {
  const actions = new CampaignActions(
    new CampaignRepository(ctx.db),
    new CampaignLifecycleRepository(ctx.db),
    mailSettings(ctx.config, ctx.church),
    ctx.config.CHURCH_EMAIL_DOMAIN,
    ctx.live,
  );
  const campaignActivity = { subject: 'campaign', before: rowBefore(ctx.db, emailCampaigns, emailCampaigns.id) };
  const action = (path: string, summary: string, run: (id: number) => Promise<unknown>) =>
    router.endpoint(
      {
        method: 'post',
        path: `/api/admin/email/campaigns/:id/${path}/`,
        tag: 'e-mail',
        roles: ['mail'],
        summary,
        params: campaignParams,
        response: campaignSchema,
        activity: campaignActivity,
      },
      ({ params }) => run(params.id),
    );
  const router = new ApiRouter().endpoint(
    {
      method: 'post',
      path: '/api/admin/email/campaigns/:id/schedule/',
      tag: 'e-mail',
      roles: ['mail'],
      summary: 'Send a draft at a later time (it must be complete, as for a send); its recipients are fixed now',
      params: campaignParams,
      body: campaignScheduleSchema,
      response: campaignSchema,
      activity: campaignActivity,
    },
    ({ params, body }) => actions.schedule(params.id, body),
  );
  action('unschedule', 'Take a scheduled message back to a draft, to change it or send it later', (id) =>
    actions.unschedule(id),
  );
  action('pause', 'Hold a message that is sending: messages already handed over finish, no other goes', (id) =>
    actions.pause(id),
  );
  action('resume', 'Carry on sending a paused message to everyone it has not reached yet', (id) => actions.resume(id));
  action('retry-failed', 'Send the messages that failed again, and only those', (id) => actions.retryFailed(id));
  return router;
}
