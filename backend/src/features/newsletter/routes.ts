import { messageSchema, newsletterSubscriptionSchema } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { NewsletterRepository } from './repository.js';
import { NewsletterService } from './service.js';

export function newsletterRoutes(ctx: AppContext): ApiRouter {
  const service = new NewsletterService(new NewsletterRepository(ctx.db));
  return new ApiRouter().endpoint(
    {
      method: 'post',
      access: 'public',
      rateLimit: 'forms',
      path: '/api/newsletter/subscribe/',
      tag: 'newsletter',
      summary: 'Subscribe an email address to the newsletter (subscribing again is not an error)',
      body: newsletterSubscriptionSchema,
      status: 201,
      response: messageSchema,
    },
    ({ body }) => service.subscribe(body),
  );
}
