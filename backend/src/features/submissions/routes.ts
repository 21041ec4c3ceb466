import { connectFormSchema, contactFormSchema, givingNotificationSchema, messageSchema } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { SubmissionRepository } from './repository.js';
import { SubmissionService } from './service.js';

export function submissionRoutes(ctx: AppContext): ApiRouter {
  const service = new SubmissionService(new SubmissionRepository(ctx.db));
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
    );
}
