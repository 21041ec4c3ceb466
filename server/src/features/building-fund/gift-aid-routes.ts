import {
  giftAidClaimRequestSchema,
  giftAidClaimSchema,
  giftAidDeclarationSchema,
  integerId,
  personQuerySchema,
  type StaffUser,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { GiftAidRepository } from './gift-aid-repository.js';
import { CLAIMS_PATH, GiftAidService } from './gift-aid-service.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';

const DECLARATIONS_PATH = '/api/admin/gift-aid/declarations';

export function giftAidRoutes(ctx: AppContext): ApiRouter {
  const service = new GiftAidService(new GiftAidRepository(ctx.db, churchTimeZone(ctx.church)));
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: `${DECLARATIONS_PATH}/`,
        tag: 'gift aid',
        roles: ['finance'],
        summary: "A donor's Gift Aid declarations by e-mail address, cancelled ones included",
        query: personQuerySchema,
        response: z.array(giftAidDeclarationSchema),
      },
      ({ query }) => service.declarations(query.email),
    )
    .endpoint(
      {
        method: 'post',
        path: `${DECLARATIONS_PATH}/:id/cancel/`,
        tag: 'gift aid',
        roles: ['finance'],
        summary: 'Cancel a declaration: gifts received from today on are no longer covered',
        params: z.object({ id: integerId }),
        response: giftAidDeclarationSchema,
      },
      ({ params }) => service.cancel(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: `${CLAIMS_PATH}/`,
        tag: 'gift aid',
        roles: ['finance'],
        summary:
          'Claim every sterling gift received from `from` to `to` that a declaration covers and no earlier claim holds; 409 when there is none',
        body: giftAidClaimRequestSchema,
        status: 201,
        response: giftAidClaimSchema,
      },
      ({ body, res }) => service.claim(body, (res.locals.staff as StaffUser).username),
    )
    .endpoint(
      {
        method: 'get',
        path: `${CLAIMS_PATH}/`,
        tag: 'gift aid',
        roles: ['finance'],
        summary: 'Every claim, newest first, with the URLs of its parts',
        response: z.array(giftAidClaimSchema),
      },
      () => service.claims(),
    )
    .endpoint(
      {
        method: 'get',
        path: `${CLAIMS_PATH}/:id/parts/:part.csv`,
        tag: 'gift aid',
        roles: ['finance'],
        summary: "One part of a claim (up to 1,000 gifts) in HMRC's Charities Online schedule layout, as CSV",
        params: z.object({ id: integerId, part: integerId }),
        produces: 'text/csv',
      },
      async ({ params, res }) => {
        const { fileName, csv } = await service.part(params.id, params.part);
        res.type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${fileName}"`).send(csv);
      },
    );
}
