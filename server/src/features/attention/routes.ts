import {
  ATTENTION_ROLES,
  attentionSchema,
  holdsRole,
  todayIn,
  type Attention,
  type StaffUser,
} from '@gather/contracts';
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
      roles: 'any-staff',
      summary: 'What waits for staff, counted in one call: the dashboard\'s "Needs attention" and the sidebar badges',
      response: attentionSchema,
    },
    async ({ res }) => {
      const { roles } = res.locals.staff as StaffUser;
      const counts = await repository.counts(todayIn(ctx.church.latest.time_zone));
      const keys = Object.keys(ATTENTION_ROLES) as Array<keyof Attention>;
      return Object.fromEntries(keys.map((key) => [key, holdsRole(roles, [ATTENTION_ROLES[key]]) ? counts[key] : 0]));
    },
  );
}
