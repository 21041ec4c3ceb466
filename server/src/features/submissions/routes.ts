import {
  connectFormSchema,
  connectSubmissionPageSchema,
  connectSubmissionQuerySchema,
  connectSubmissionSchema,
  contactFormSchema,
  contactSubmissionPageSchema,
  contactSubmissionQuerySchema,
  contactSubmissionSchema,
  givingNotificationSchema,
  givingSubmissionPageSchema,
  givingSubmissionQuerySchema,
  integerId,
  messageSchema,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { SubmissionRepository } from './repository.js';
import { SubmissionService } from './service.js';
import {
  connectSubmissions,
  contactSubmissions,
  givingSubmissions,
} from '../../platform/database/schema/submissions.js';
import { rowBefore } from '../../platform/database/before.js';

const submissionParams = z.object({ id: integerId });

export function submissionRoutes(ctx: AppContext): ApiRouter {
  const service = new SubmissionService(
    new SubmissionRepository(ctx.db),
    SpamGuard.of(ctx),
    ctx.config.CHURCH_TIMEZONE,
  );
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
      ({ body }) => service.notifyGift(body),
    )
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
      ({ body }) => service.connect(body),
    )
    .endpoint(
      {
        method: 'post',
        access: 'public',
        rateLimit: 'forms',
        path: '/api/contact/',
        tag: 'forms',
        summary: 'Send a message to the church',
        body: contactFormSchema,
        status: 201,
        response: messageSchema,
      },
      ({ body }) => service.contact(body),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/contact-submissions/',
        tag: 'inboxes',
        summary: 'Contact messages, a page at a time: search, is_read filter, ordering (default -created_at)',
        query: contactSubmissionQuerySchema,
        response: contactSubmissionPageSchema,
      },
      ({ query, req }) => service.contacts(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/contact-submissions/:id/mark-read/',
        activity: { subject: 'contact message', before: rowBefore(ctx.db, contactSubmissions, contactSubmissions.id) },
        tag: 'inboxes',
        summary: 'Mark a contact message read; answers the message',
        params: submissionParams,
        response: contactSubmissionSchema,
      },
      ({ params }) => service.markContactRead(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/contact-submissions/:id/mark-unread/',
        activity: { subject: 'contact message', before: rowBefore(ctx.db, contactSubmissions, contactSubmissions.id) },
        tag: 'inboxes',
        summary: 'Mark a contact message unread again (the Undo after marking it read); answers the message',
        params: submissionParams,
        response: contactSubmissionSchema,
      },
      ({ params }) => service.markContactRead(params.id, false),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/contact-submissions/:id/',
        activity: { subject: 'contact message', before: rowBefore(ctx.db, contactSubmissions, contactSubmissions.id) },
        tag: 'inboxes',
        summary: 'Delete a contact message',
        params: submissionParams,
      },
      ({ params }) => service.deleteContact(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/connect-submissions/',
        tag: 'inboxes',
        summary: 'Connect cards, a page at a time: search, is_processed filter, ordering (default -created_at)',
        query: connectSubmissionQuerySchema,
        response: connectSubmissionPageSchema,
      },
      ({ query, req }) => service.connects(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/connect-submissions/:id/mark-processed/',
        activity: { subject: 'connect card', before: rowBefore(ctx.db, connectSubmissions, connectSubmissions.id) },
        tag: 'inboxes',
        summary: 'Mark a connect card processed; answers the card',
        params: submissionParams,
        response: connectSubmissionSchema,
      },
      ({ params }) => service.markConnectProcessed(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/connect-submissions/:id/mark-unprocessed/',
        activity: { subject: 'connect card', before: rowBefore(ctx.db, connectSubmissions, connectSubmissions.id) },
        tag: 'inboxes',
        summary: 'Mark a connect card new again (the Undo after marking it processed); answers the card',
        params: submissionParams,
        response: connectSubmissionSchema,
      },
      ({ params }) => service.markConnectProcessed(params.id, false),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/connect-submissions/:id/',
        activity: { subject: 'connect card', before: rowBefore(ctx.db, connectSubmissions, connectSubmissions.id) },
        tag: 'inboxes',
        summary: 'Delete a connect card',
        params: submissionParams,
      },
      ({ params }) => service.deleteConnect(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/giving-submissions/',
        tag: 'inboxes',
        summary: 'Giving notices, a page at a time: search, giving_type filter, ordering (default -created_at)',
        query: givingSubmissionQuerySchema,
        response: givingSubmissionPageSchema,
      },
      ({ query, req }) => service.gifts(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/giving-submissions/:id/',
        activity: { subject: 'giving notice', before: rowBefore(ctx.db, givingSubmissions, givingSubmissions.id) },
        tag: 'inboxes',
        summary: 'Delete a giving notice',
        params: submissionParams,
      },
      ({ params }) => service.deleteGift(params.id),
    );
}
