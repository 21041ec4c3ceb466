import {
  integerId,
  latestSermonsQuerySchema,
  sermonListSchema,
  sermonRequestSchema,
  sermonSchema,
  type LatestSermonsQuery,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { SermonRepository } from './repository.js';
import { SermonService } from './service.js';
import { rowBefore } from '../../db/before.js';
import { sermons } from '../../db/schema.js';

const sermonParams = z.object({ id: integerId });

export function sermonRoutes(ctx: AppContext): ApiRouter {
  const service = new SermonService(new SermonRepository(ctx.db));
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/sermons/',
        tag: 'sermons',
        access: 'public',
        summary: 'Every sermon, newest first',
        response: sermonListSchema,
      },
      () => service.all(),
    )
    .endpoint<Record<string, never>, LatestSermonsQuery>(
      {
        method: 'get',
        path: '/api/sermons/latest/',
        tag: 'sermons',
        access: 'public',
        summary: 'The newest sermons (home shows 3, media shows 7)',
        query: latestSermonsQuerySchema,
        response: sermonListSchema,
      },
      ({ query }) => service.latest(query.limit),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/sermons/',
        activity: { subject: 'sermon' },
        tag: 'sermons',
        summary: 'Add a sermon (thumbnail: a web address or a /media/ path)',
        body: sermonRequestSchema,
        status: 201,
        response: sermonSchema,
      },
      ({ body }) => service.create(body),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/sermons/:id/',
        activity: { subject: 'sermon', before: rowBefore(ctx.db, sermons, sermons.id) },
        tag: 'sermons',
        summary: 'Replace a sermon with the form as sent',
        params: sermonParams,
        body: sermonRequestSchema,
        response: sermonSchema,
      },
      ({ params, body }) => service.update(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/sermons/:id/',
        activity: { subject: 'sermon', before: rowBefore(ctx.db, sermons, sermons.id) },
        tag: 'sermons',
        summary: 'Delete a sermon',
        params: sermonParams,
        status: 204,
      },
      ({ params }) => service.remove(params.id),
    );
}
