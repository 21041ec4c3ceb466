import { homepageContentRequestSchema, homepageContentSchema } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { HomepageRepository } from './repository.js';
import { HomepageService } from './service.js';

export function homepageRoutes(ctx: AppContext): ApiRouter {
  const service = new HomepageService(new HomepageRepository(ctx.db), ctx.config.CHURCH_NAME);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/homepage/',
        cached: true,
        tag: 'homepage',
        access: 'public',
        summary: 'The home page hero and welcome texts',
        response: homepageContentSchema,
      },
      () => service.content(),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/admin/homepage/',
        tag: 'homepage',
        roles: ['content'],
        summary: 'Save the home page hero and welcome texts',
        body: homepageContentRequestSchema,
        response: homepageContentSchema,
      },
      ({ body }) => service.save(body),
    );
}
