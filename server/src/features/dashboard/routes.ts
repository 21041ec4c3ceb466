import { dashboardStatsSchema } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { StatsRepository } from './repository.js';

export function statsRoutes(ctx: AppContext): ApiRouter {
  const repository = new StatsRepository(ctx.db);
  return new ApiRouter().endpoint(
    {
      method: 'get',
      path: '/api/admin/stats/',
      tag: 'dashboard',
      roles: 'any-staff',
      summary: 'The dashboard overview counts in one call',
      response: dashboardStatsSchema,
    },
    () => repository.counts(),
  );
}
