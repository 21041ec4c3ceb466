import { attentionSchema, todayIn } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { AttentionRepository } from './repository.js';

export function attentionRoutes(ctx: AppContext): ApiRouter {
  const repository = new AttentionRepository(ctx.db);
  return new ApiRouter().endpoint(
    {
      method: 'get',
      path: '/api/admin/attention/',
      tag: 'dashboard',
      summary: 'What waits for staff, counted in one call: the dashboard\'s "Needs attention" and the sidebar badges',
      response: attentionSchema,
    },
    () => repository.counts(todayIn(ctx.config.CHURCH_TIMEZONE)),
  );
}
