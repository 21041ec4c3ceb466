import {
  campaignDetailSchema,
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
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { mailSettings } from '../../mail/settings.js';
import { CampaignRepository } from './campaign-repository.js';
import { EmailRepository } from './repository.js';
import { CampaignService } from './service.js';

const campaignParams = z.object({ id: integerId });

export function emailRoutes(ctx: AppContext): ApiRouter {
  const repository = new EmailRepository(ctx.db);
  const campaigns = new CampaignService(new CampaignRepository(ctx.db), mailSettings(ctx.config), ctx.live);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/recipients/',
        tag: 'e-mail',
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
        summary: 'The saved sender names and addresses',
        response: customSenderListSchema,
      },
      async () => ({ custom_senders: await repository.customSenders() }),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/email/send/',
        tag: 'e-mail',
        summary:
          'Send one message to each recipient (once per address; addresses that unsubscribed are skipped), in the background',
        body: emailSendSchema(ctx.config.CHURCH_EMAIL_DOMAIN),
        status: 202,
        response: emailSendAnswerSchema,
      },
      ({ body, res }) => campaigns.send(body, (res.locals.staff as StaffUser).username),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/campaigns/',
        tag: 'e-mail',
        summary: 'Messages sent, newest first, with how many were sent, failed, wait, were skipped or cancelled',
        query: pageQuerySchema,
        response: campaignPageSchema,
      },
      ({ query, req }) => campaigns.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/campaigns/:id/',
        tag: 'e-mail',
        summary: 'One message: its counts, content and the deliveries that failed, with the reasons',
        params: campaignParams,
        response: campaignDetailSchema,
      },
      ({ params }) => campaigns.detail(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/email/campaigns/:id/cancel/',
        tag: 'e-mail',
        summary: 'Stop a message scheduled, sending or paused: the recipients not yet reached get nothing',
        params: campaignParams,
        response: campaignSchema,
      },
      ({ params }) => campaigns.cancel(params.id),
    );
}
