import { latestSermonsQuerySchema, sermonListSchema, type LatestSermonsQuery } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { SermonRepository } from './repository.js';
import { SermonService } from './service.js';

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
    );
}
