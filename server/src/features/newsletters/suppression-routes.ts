import { integerId, suppressionPageSchema, suppressionQuerySchema } from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { rowBefore } from '../../platform/database/before.js';
import { emailSuppressions } from '../../platform/database/schema/newsletters.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SuppressionRepository } from './suppression-repository.js';
import { SuppressionService } from './suppression-service.js';

const PATH = '/api/admin/email/suppressions';

export function suppressionRoutes(ctx: AppContext): ApiRouter {
  const service = new SuppressionService(new SuppressionRepository(ctx.db));
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: `${PATH}/`,
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Addresses the mail server refused for good (a 5xx), newest first: no campaign mails them',
        query: suppressionQuerySchema,
        response: suppressionPageSchema,
      },
      ({ query, req }) => service.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'delete',
        path: `${PATH}/:id/`,
        tag: 'e-mail',
        roles: ['mail'],
        summary: 'Lift a suppression: later campaigns mail the address again',
        params: z.object({ id: integerId }),
        activity: { subject: 'suppression', before: rowBefore(ctx.db, emailSuppressions, emailSuppressions.id) },
      },
      ({ params }) => service.lift(params.id),
    );
}
