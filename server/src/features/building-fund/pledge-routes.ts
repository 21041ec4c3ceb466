import {
  staffPledgePageSchema,
  staffPledgeSchema,
  integerId,
  pledgeBulkAnswerSchema,
  pledgeBulkSchema,
  pledgeQuerySchema,
  pledgeRequestSchema,
  pledgeSchema,
  pledgeSummarySchema,
  pledgeUpdateSchema,
  todayIn,
  messageSchema,
} from '@gather/contracts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter, type EndpointSpec } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { PledgeRepository } from './pledge-repository.js';
import { PledgeService } from './pledge-service.js';
import { buildingFundPledges } from '../../platform/database/schema/building-fund.js';
import { rowBefore, rowsBefore } from '../../platform/database/before.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';

const pledgeParams = z.object({ id: integerId });
const DONATIONS = '/api/admin/building-fund-donations';

export function pledgeRoutes(ctx: AppContext): ApiRouter {
  const timeZone = churchTimeZone(ctx.church);
  const service = new PledgeService(new PledgeRepository(ctx.db), timeZone, SpamGuard.of(ctx));
  // A pay-by day is judged by the church's calendar, not the server's or the donor's.
  const pledgeRequest = pledgeRequestSchema({ today: () => todayIn(timeZone()) });
  const update = (
    method: 'put' | 'patch',
  ): EndpointSpec<{ id: number }, unknown, z.infer<typeof pledgeUpdateSchema>> => ({
    method,
    path: `${DONATIONS}/:id/`,
    tag: 'building fund',
    roles: ['finance'],
    summary: "Change a pledge's payment_status (any to any) and/or admin_notes; PUT and PATCH alike",
    params: pledgeParams,
    body: pledgeUpdateSchema,
    response: staffPledgeSchema,
    activity: { subject: 'pledge', before: rowBefore(ctx.db, buildingFundPledges, buildingFundPledges.id) },
  });
  // The fixed paths come before /:id/, which would otherwise take "summary" for an id.
  return new ApiRouter()
    .endpoint(
      {
        method: 'post',
        access: 'public',
        rateLimit: 'forms',
        path: '/api/building-fund/',
        tag: 'building fund',
        summary: 'Pledge to the building fund; answers the pledge as stored (status pending)',
        changesPublic: true,
        body: pledgeRequest,
        status: 201,
        response: pledgeSchema,
      },
      ({ body }) => service.pledge(body),
    )
    .endpoint(
      {
        method: 'get',
        path: `${DONATIONS}/`,
        tag: 'building fund',
        roles: ['finance'],
        summary:
          'Pledges, a page at a time, with paid and remaining from their gifts: search (donor name or e-mail), payment_status, payment_type, currency, overdue, behind_schedule, ordering (default -created_at)',
        query: pledgeQuerySchema,
        response: staffPledgePageSchema,
      },
      ({ query, req }) => service.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'get',
        path: `${DONATIONS}/summary/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'Total pledged per currency, count and overdue count of the pledges matching the list filters',
        query: pledgeQuerySchema,
        response: pledgeSummarySchema,
      },
      ({ query }) => service.summary(query),
    )
    .endpoint(
      {
        method: 'get',
        path: `${DONATIONS}/export/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'Every pledge matching the list filters as a CSV download',
        query: pledgeQuerySchema,
        produces: 'text/csv',
      },
      async ({ query, res }) => {
        const { fileName, chunks } = await service.export(query);
        res.type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${fileName}"`);
        await pipeline(Readable.from(chunks), res);
      },
    )
    .endpoint(
      {
        method: 'post',
        path: `${DONATIONS}/bulk/`,
        activity: { subject: 'pledge', before: rowsBefore(ctx.db, buildingFundPledges, buildingFundPledges.id) },
        tag: 'building fund',
        roles: ['finance'],
        summary:
          'Confirm, complete or delete up to 500 pledges at once; all or nothing, unknown ids are refused under ids',
        body: pledgeBulkSchema,
        response: pledgeBulkAnswerSchema,
      },
      ({ body }) => service.bulk(body),
    )
    .endpoint(
      {
        method: 'get',
        path: `${DONATIONS}/:id/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'One pledge with its admin notes',
        params: pledgeParams,
        response: staffPledgeSchema,
      },
      ({ params }) => service.find(params.id),
    )
    .endpoint(update('put'), ({ params, body }) => service.update(params.id, body))
    .endpoint(update('patch'), ({ params, body }) => service.update(params.id, body))
    .endpoint(
      {
        method: 'delete',
        path: `${DONATIONS}/:id/`,
        activity: { subject: 'pledge', before: rowBefore(ctx.db, buildingFundPledges, buildingFundPledges.id) },
        tag: 'building fund',
        roles: ['finance'],
        summary: 'Delete a pledge',
        params: pledgeParams,
      },
      ({ params }) => service.delete(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: `${DONATIONS}/:id/follow-up/`,
        tag: 'building fund',
        roles: ['finance'],
        summary: 'E-mail the donor a reminder of their pledge (sent by the worker)',
        params: pledgeParams,
        status: 202,
        response: messageSchema,
      },
      ({ params }) => service.followUp(params.id),
    );
}
