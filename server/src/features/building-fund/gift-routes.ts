import {
  staffPledgeSchema,
  fundProgressSchema,
  fundSettingsAnswerSchema,
  fundSettingsSchema,
  giftListSchema,
  giftRequestSchema,
  giftSchema,
  integerId,
  oneOffGiftRequestSchema,
  pledgeGiftsSchema,
  todayIn,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { GiftRepository } from './gift-repository.js';
import { GiftService } from './gift-service.js';
import { PledgeRepository } from './pledge-repository.js';
import { buildingFundPledges, gifts } from '../../platform/database/schema/building-fund.js';
import { rowBefore } from '../../platform/database/before.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';

const pledgeParams = z.object({ id: integerId });
const pledgeGiftParams = z.object({ id: integerId, giftId: integerId });
const DONATIONS = '/api/admin/building-fund-donations';
const FUND = '/api/admin/building-fund';

export function giftRoutes(ctx: AppContext): ApiRouter {
  const timeZone = churchTimeZone(ctx.church);
  const service = new GiftService(new GiftRepository(ctx.db), new PledgeRepository(ctx.db), timeZone);
  // A gift cannot be received after today in the church's calendar.
  const today = () => todayIn(timeZone());
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        access: 'public',
        path: '/api/building-fund/progress/',
        tag: 'building fund',
        summary:
          'The fund’s goal, received and pledged per currency with a goal, when staff show it; otherwise visible false',
        cached: true,
        response: fundProgressSchema,
      },
      () => service.progress(),
    )
    .endpoint(
      {
        method: 'get',
        path: `${FUND}/settings/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'The goal per currency and whether the public sees the progress',
        response: fundSettingsAnswerSchema,
      },
      () => service.settings(),
    )
    .endpoint(
      {
        method: 'put',
        path: `${FUND}/settings/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'Set show_progress and goals ({ GBP, USD }: an amount, or null for no goal)',
        body: fundSettingsSchema,
        response: fundSettingsAnswerSchema,
      },
      ({ body }) => service.saveSettings(body),
    )
    .endpoint(
      {
        method: 'get',
        path: `${FUND}/gifts/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'One-off gifts (no pledge), newest first',
        response: giftListSchema,
      },
      () => service.oneOff(),
    )
    .endpoint(
      {
        method: 'post',
        path: `${FUND}/gifts/`,
        tag: 'building fund',
        roles: ['finance'],
        summary:
          'Record a one-off gift: first_name, last_name, email (optional), amount, received_on, method, reference',
        body: oneOffGiftRequestSchema({ today }),
        status: 201,
        response: giftSchema,
      },
      ({ body }) => service.addOneOff(body),
    )
    .endpoint(
      {
        method: 'delete',
        path: `${FUND}/gifts/:id/`,
        activity: { subject: 'gift', before: rowBefore(ctx.db, gifts, gifts.id) },
        tag: 'building fund',
        roles: ['finance'],
        summary: 'Delete a gift recorded by mistake',
        params: pledgeParams,
      },
      ({ params }) => service.deleteGift(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: `${DONATIONS}/:id/gifts/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'A pledge’s gifts in the order received, with the pledge',
        params: pledgeParams,
        response: pledgeGiftsSchema,
      },
      ({ params }) => service.ofPledge(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: `${DONATIONS}/:id/gifts/`,
        activity: { subject: 'pledge', before: rowBefore(ctx.db, buildingFundPledges, buildingFundPledges.id) },
        tag: 'building fund',
        roles: ['finance'],
        summary:
          'Record a gift received on a pledge (amount, received_on, method, reference); answers the pledge with paid and remaining_balance from its gifts',
        params: pledgeParams,
        body: giftRequestSchema({ today }),
        status: 201,
        response: staffPledgeSchema,
      },
      ({ params, body }) => service.addToPledge(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: `${DONATIONS}/:id/gifts/:giftId/`,
        activity: {
          subject: 'gift',
          before: rowBefore(ctx.db, gifts, gifts.id, (params) => params.giftId),
          subjectId: (params) => params.giftId,
        },
        tag: 'building fund',
        roles: ['finance'],
        summary: 'Delete a gift recorded on the pledge by mistake; answers the pledge',
        params: pledgeGiftParams,
        response: staffPledgeSchema,
      },
      ({ params }) => service.deleteFromPledge(params.id, params.giftId),
    );
}
