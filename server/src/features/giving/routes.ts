import {
  givingNotificationSchema,
  givingSubmissionPageSchema,
  givingSubmissionQuerySchema,
  integerId,
  messageSchema,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { rowBefore } from '../../platform/database/before.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { givingSubmissions } from '../../platform/database/schema/giving.js';
import { GivingRepository } from './repository.js';
import { GivingService } from './service.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';

const noticeParams = z.object({ id: integerId });

export function givingRoutes(ctx: AppContext): ApiRouter {
  const service = new GivingService(new GivingRepository(ctx.db), SpamGuard.of(ctx), churchTimeZone(ctx.church));
  return new ApiRouter()
    .endpoint(
      {
        method: 'post',
        access: 'public',
        rateLimit: 'forms',
        path: '/api/give/',
        tag: 'forms',
        summary: 'Tell the church about a gift',
        body: givingNotificationSchema,
        status: 201,
        response: messageSchema,
      },
      ({ body }) => service.send(body),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/giving-submissions/',
        tag: 'inboxes',
        roles: ['finance'],
        summary: 'Giving notices, a page at a time: search, giving_type filter, ordering (default -created_at)',
        query: givingSubmissionQuerySchema,
        response: givingSubmissionPageSchema,
      },
      ({ query, req }) => service.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/giving-submissions/:id/',
        activity: { subject: 'giving notice', before: rowBefore(ctx.db, givingSubmissions, givingSubmissions.id) },
        tag: 'inboxes',
        roles: ['finance'],
        summary: 'Delete a giving notice',
        params: noticeParams,
      },
      ({ params }) => service.delete(params.id),
    );
}
