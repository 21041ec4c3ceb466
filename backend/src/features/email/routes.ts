import { customSenderListSchema, recipientListSchema } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { EmailRepository } from './repository.js';

export function emailRoutes(ctx: AppContext): ApiRouter {
  const repository = new EmailRepository(ctx.db);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/recipients/',
        tag: 'e-mail',
        summary: 'Every address from the contact, connect, building-fund, giving and newsletter forms, once each',
        response: recipientListSchema,
      },
      async () => ({ recipients: await repository.recipients() }),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/email/custom-senders/',
        tag: 'e-mail',
        summary: 'The saved sender names and addresses',
        response: customSenderListSchema,
      },
      async () => ({ custom_senders: await repository.customSenders() }),
    );
}
