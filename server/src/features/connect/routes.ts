import {
  connectFormSchema,
  connectSubmissionPageSchema,
  connectSubmissionQuerySchema,
  connectSubmissionSchema,
  integerId,
  messageSchema,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { rowBefore } from '../../platform/database/before.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { connectSubmissions } from '../../platform/database/schema/connect.js';
import { ConnectRepository } from './repository.js';
import { ConnectService } from './service.js';

const cardParams = z.object({ id: integerId });

export function connectRoutes(ctx: AppContext): ApiRouter {
  const service = new ConnectService(new ConnectRepository(ctx.db), SpamGuard.of(ctx));
  return new ApiRouter()
    .endpoint(
      {
        method: 'post',
        access: 'public',
        rateLimit: 'forms',
        path: '/api/connect/',
        tag: 'forms',
        summary: 'Send a connect card (interests, questions, prayer requests)',
        body: connectFormSchema,
        status: 201,
        response: messageSchema,
      },
      ({ body }) => service.send(body),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/connect-submissions/',
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Connect cards, a page at a time: search, is_processed filter, ordering (default -created_at)',
        query: connectSubmissionQuerySchema,
        response: connectSubmissionPageSchema,
      },
      ({ query, req }) => service.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/connect-submissions/:id/mark-processed/',
        activity: { subject: 'connect card', before: rowBefore(ctx.db, connectSubmissions, connectSubmissions.id) },
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Mark a connect card processed; answers the card',
        params: cardParams,
        response: connectSubmissionSchema,
      },
      ({ params }) => service.markProcessed(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/connect-submissions/:id/mark-unprocessed/',
        activity: { subject: 'connect card', before: rowBefore(ctx.db, connectSubmissions, connectSubmissions.id) },
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Mark a connect card new again (the Undo after marking it processed); answers the card',
        params: cardParams,
        response: connectSubmissionSchema,
      },
      ({ params }) => service.markProcessed(params.id, false),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/connect-submissions/:id/',
        activity: { subject: 'connect card', before: rowBefore(ctx.db, connectSubmissions, connectSubmissions.id) },
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Delete a connect card',
        params: cardParams,
      },
      ({ params }) => service.delete(params.id),
    );
}
