import {
  CAMPAIGN_STATUSES,
  campaignDetailSchema,
  campaignDraftSchema,
  campaignPreviewSchema,
  campaignTestSchema,
  campaignPageSchema,
  campaignSchema,
  customSenderListSchema,
  emailSendAnswerSchema,
  emailSendSchema,
  integerId,
  pageQuerySchema,
  recipientListSchema,
  type StaffUser,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { UnsubscribeLinks } from './unsubscribe.js';
import { LinkSigner, siteSecret } from '../../platform/signed-links.js';
import { CampaignRepository } from './campaign-repository.js';
import { EmailRepository } from './repository.js';
import { CampaignService } from './service.js';
import { rowBefore } from '../../platform/database/before.js';
import { emailCampaigns } from '../../platform/database/schema/newsletters.js';

const campaignParams = z.object({ id: integerId });
const campaignListQuery = pageQuerySchema.extend({
  status: z.enum(CAMPAIGN_STATUSES, { error: `Must be one of: ${CAMPAIGN_STATUSES.join(', ')}.` }).optional(),
});
const staffName = (locals: Record<string, unknown>) => (locals.staff as StaffUser).username;

export function emailRoutes(ctx: AppContext): ApiRouter {
  const repository = new EmailRepository(ctx.db);
  const settings = mailSettings(ctx.config, ctx.church);
  const links = new UnsubscribeLinks(new LinkSigner(siteSecret(ctx.config)), settings);
  const campaigns = new CampaignService(new CampaignRepository(ctx.db), settings, ctx.live, links);
  const draftSchema = campaignDraftSchema(ctx.config.CHURCH_EMAIL_DOMAIN);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/recipients/',
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Every address from the contact, connect, building-fund, giving and newsletter forms, once each',
        response: recipientListSchema,
      },
      async () => ({ recipients: await repository.recipients() }),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/custom-senders/',
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'The saved sender names and addresses',
        response: customSenderListSchema,
      },
      async () => ({ custom_senders: await repository.customSenders() }),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/email/send/',
        activity: { subject: 'campaign' },
        tag: 'e-mail',
        roles: ['mail'],
        summary:
          'Send one message to each recipient (once per address; addresses that unsubscribed are skipped), in the background',
        body: emailSendSchema(ctx.config.CHURCH_EMAIL_DOMAIN),
        // A newsletter to 20,000 addresses is a larger body than any other call sends.
        bodyLimit: '3mb',
        status: 202,
        response: emailSendAnswerSchema,
      },
      ({ body, res }) => campaigns.send(body, staffName(res.locals)),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/campaigns/',
        tag: 'e-mail',
        roles: ['mail'],
        summary:
          'Drafts and messages sent, newest first, with how many were sent, failed, wait, were skipped or cancelled',
        query: campaignListQuery,
        response: campaignPageSchema,
      },
      ({ query, req }) => campaigns.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/campaigns/:id/',
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'One message: its counts, content and the deliveries that failed, with the reasons',
        params: campaignParams,
        response: campaignDetailSchema,
      },
      ({ params }) => campaigns.detail(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/email/campaigns/',
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Save a new draft; every field may still be empty',
        body: draftSchema,
        status: 201,
        response: campaignDetailSchema,
      },
      ({ body, res }) => campaigns.createDraft(body, staffName(res.locals)),
    )
    .endpoint(
      {
        method: 'patch',
        path: '/api/admin/email/campaigns/:id/',
        activity: { subject: 'campaign', before: rowBefore(ctx.db, emailCampaigns, emailCampaigns.id) },
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Save changes to a draft (the fields given); 409 once it is scheduled or sent',
        params: campaignParams,
        body: draftSchema,
        response: campaignDetailSchema,
      },
      ({ params, body }) => campaigns.updateDraft(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/email/campaigns/:id/',
        activity: { subject: 'campaign', before: rowBefore(ctx.db, emailCampaigns, emailCampaigns.id) },
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Delete a draft; 409 once it is scheduled or sent',
        params: campaignParams,
        status: 204,
      },
      ({ params }) => campaigns.deleteDraft(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/email/campaigns/:id/duplicate/',
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'A new draft with the words, sender, kind and recipients of any message',
        params: campaignParams,
        status: 201,
        response: campaignDetailSchema,
      },
      ({ params, res }) => campaigns.duplicate(params.id, staffName(res.locals)),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/campaigns/:id/preview/',
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'The message exactly as its first recipient gets it: HTML and text parts, subject, sender, headers',
        params: campaignParams,
        response: campaignPreviewSchema,
      },
      ({ params }) => campaigns.preview(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/email/campaigns/:id/test/',
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Send the first recipient’s message to up to 5 staff addresses; not a send of the campaign',
        params: campaignParams,
        body: campaignTestSchema,
        rateLimit: 'campaignTests',
        status: 202,
      },
      ({ params, body }) => campaigns.sendTest(params.id, body.emails),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/email/campaigns/:id/cancel/',
        activity: { subject: 'campaign', before: rowBefore(ctx.db, emailCampaigns, emailCampaigns.id) },
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Stop a message scheduled, sending or paused: the recipients not yet reached get nothing',
        params: campaignParams,
        response: campaignSchema,
      },
      ({ params }) => campaigns.cancel(params.id),
    );
}
