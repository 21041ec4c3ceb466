import {
  staffPledgeSchema,
  integerId,
  messageSchema,
  pledgeRemindersSchema,
  remindersOffQuerySchema,
  taxYearStatementsAnswerSchema,
  taxYearStatementsSchema,
  type StaffUser,
} from '@gather/contracts';
import express from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mailSettings } from '../../platform/mail/settings.js';
import { LinkSigner, siteSecret } from '../../platform/signed-links.js';
import { REMINDERS_OFF_PATH, ReminderLinks } from './reminder-links.js';
import { CampaignRepository } from '../newsletters/index.js';
import { sendLinkPage } from '../../platform/http/link-page.js';
import { PledgeRepository } from './pledge-repository.js';
import { PledgeService } from './pledge-service.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { PledgeMailService } from './pledge-mail-service.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';

const pledgeParams = z.object({ id: integerId });
const DONATIONS = '/api/admin/building-fund-donations';

export function pledgeMailRoutes(ctx: AppContext): ApiRouter {
  const settings = mailSettings(ctx.config, ctx.church);
  const links = new ReminderLinks(new LinkSigner(siteSecret(ctx.config)), settings);
  const service = new PledgeMailService(ctx.db, new CampaignRepository(ctx.db), links, settings);
  const pledges = new PledgeService(new PledgeRepository(ctx.db), churchTimeZone(ctx.church), SpamGuard.of(ctx));
  const api = new ApiRouter();
  // A mail program's one-click "unsubscribe" posts a form, not JSON.
  api.before('post', REMINDERS_OFF_PATH, express.urlencoded({ extended: false, limit: '1kb' }));
  return api
    .endpoint(
      {
        method: 'put',
        path: `${DONATIONS}/:id/reminders/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: "Switch a pledge's pay-by reminders on or off (enabled); answers the pledge",
        params: pledgeParams,
        body: pledgeRemindersSchema,
        response: staffPledgeSchema,
      },
      async ({ params, body }) => {
        await service.setReminders(params.id, body.enabled);
        return pledges.find(params.id);
      },
    )
    .endpoint(
      {
        method: 'post',
        path: `${DONATIONS}/:id/statement/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'E-mail the donor a statement of the pledge: pledged, gifts received, remaining, Gift Aid',
        params: pledgeParams,
        status: 202,
        response: messageSchema,
      },
      ({ params }) => service.sendStatement(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/building-fund/statements/',
        tag: 'building fund',
        roles: ['finance'],
        summary:
          'E-mail every donor with gifts in a UK tax year (tax_year "2025–26": 6 April to 5 April) their statement, as one service campaign',
        body: taxYearStatementsSchema,
        status: 202,
        response: taxYearStatementsAnswerSchema,
      },
      ({ body, res }) => service.sendTaxYear(body.tax_year, (res.locals.staff as StaffUser).username),
    )
    .endpoint(
      {
        method: 'get',
        access: 'public',
        path: REMINDERS_OFF_PATH,
        tag: 'building fund',
        summary:
          "The link in every pledge reminder: a small page whose button posts back to switch that pledge's reminders off (opening it changes nothing)",
        query: remindersOffQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, () => service.askRemindersOff(query)),
    )
    .endpoint(
      {
        method: 'post',
        access: 'public',
        path: REMINDERS_OFF_PATH,
        tag: 'building fund',
        summary: "Switches the pledge's reminders off: the page's button, or a mail program's one-click (RFC 8058)",
        query: remindersOffQuerySchema,
        produces: 'text/html',
      },
      ({ query, res }) => sendLinkPage(res, () => service.remindersOff(query)),
    );
}
