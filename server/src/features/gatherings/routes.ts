import {
  currentGatheringSchema,
  gatheringListSchema,
  gatheringRequestSchema,
  gatheringSchema,
  publicGatheringSchema,
  uuidId,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { rowBefore } from '../../platform/database/before.js';
import { gatherings } from '../../platform/database/schema/gatherings.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { GatheringRepository } from './repository.js';
import { GatheringService } from './service.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';

const gatheringParams = z.object({ id: uuidId });

export function gatheringRoutes(ctx: AppContext): ApiRouter {
  const service = new GatheringService(new GatheringRepository(ctx.db), churchTimeZone(ctx.church));
  const activity = { subject: 'gathering', before: rowBefore(ctx.db, gatherings, gatherings.id) };
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/gatherings/public/current/',
        tag: 'gatherings',
        summary:
          "The /sunday page's gathering: today's (church time zone), else the latest of the last 6 days, else the next one; null when none",
        response: currentGatheringSchema,
      },
      () => service.current(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/gatherings/public/:id/',
        tag: 'gatherings',
        summary: "A gathering's public page: its open Q&A session and photo collection, its sermon and notes",
        params: gatheringParams,
        response: publicGatheringSchema,
      },
      ({ params }) => service.publicGathering(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/gatherings/',
        tag: 'gatherings',
        roles: ['live'],
        summary: 'Every gathering, newest date first',
        response: gatheringListSchema,
      },
      () => service.all(),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/gatherings/',
        activity: { subject: 'gathering' },
        tag: 'gatherings',
        roles: ['live'],
        summary: 'Plan a gathering; each link must name an existing Q&A session, photo collection or sermon',
        body: gatheringRequestSchema,
        status: 201,
        response: gatheringSchema,
      },
      ({ body }) => service.create(body),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/admin/gatherings/:id/',
        activity,
        tag: 'gatherings',
        roles: ['live'],
        summary: 'Replace a gathering with the form as sent',
        params: gatheringParams,
        body: gatheringRequestSchema,
        response: gatheringSchema,
      },
      ({ params, body }) => service.update(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/gatherings/:id/',
        activity,
        tag: 'gatherings',
        roles: ['live'],
        summary: 'Delete a gathering (its Q&A session, collection and sermon stay)',
        params: gatheringParams,
        status: 204,
      },
      ({ params }) => service.remove(params.id),
    );
}
