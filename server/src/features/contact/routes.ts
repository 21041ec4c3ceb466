import {
  contactFormSchema,
  contactSubmissionPageSchema,
  contactSubmissionQuerySchema,
  contactSubmissionSchema,
  integerId,
  messageSchema,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { rowBefore } from '../../platform/database/before.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SpamGuard } from '../../platform/http/spam-guard.js';
import { contactSubmissions } from '../../platform/database/schema/contact.js';
import { ContactRepository } from './repository.js';
import { ContactService } from './service.js';

const messageParams = z.object({ id: integerId });

export function contactRoutes(ctx: AppContext): ApiRouter {
  const service = new ContactService(new ContactRepository(ctx.db), SpamGuard.of(ctx));
  return new ApiRouter()
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
      ({ body }) => service.send(body),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/contact-submissions/',
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Contact messages, a page at a time: search, is_read filter, ordering (default -created_at)',
        query: contactSubmissionQuerySchema,
        response: contactSubmissionPageSchema,
      },
      ({ query, req }) => service.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/contact-submissions/:id/mark-read/',
        activity: { subject: 'contact message', before: rowBefore(ctx.db, contactSubmissions, contactSubmissions.id) },
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Mark a contact message read; answers the message',
        params: messageParams,
        response: contactSubmissionSchema,
      },
      ({ params }) => service.markRead(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/contact-submissions/:id/mark-unread/',
        activity: { subject: 'contact message', before: rowBefore(ctx.db, contactSubmissions, contactSubmissions.id) },
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Mark a contact message unread again (the Undo after marking it read); answers the message',
        params: messageParams,
        response: contactSubmissionSchema,
      },
      ({ params }) => service.markRead(params.id, false),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/admin/contact-submissions/:id/',
        activity: { subject: 'contact message', before: rowBefore(ctx.db, contactSubmissions, contactSubmissions.id) },
        tag: 'inboxes',
        roles: ['pastoral'],
        summary: 'Delete a contact message',
        params: messageParams,
      },
      ({ params }) => service.delete(params.id),
    );
}
