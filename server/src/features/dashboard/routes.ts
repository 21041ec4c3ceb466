import { dashboardStatsSchema, todaysArrivalsSchema } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { ArrivalsRepository } from './arrivals-repository.js';
import { StatsRepository } from './repository.js';

export function statsRoutes(ctx: AppContext): ApiRouter {
  const repository = new StatsRepository(ctx.db);
  const arrivals = new ArrivalsRepository(ctx.db);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/stats/',
        tag: 'dashboard',
        roles: 'any-staff',
        summary: 'The dashboard overview counts in one call',
        response: dashboardStatsSchema,
      },
      () => repository.counts(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/stats/arrivals/',
        tag: 'dashboard',
        // Those who run the door: the same role that follows an event's sign-ups live.
        roles: ['content'],
        summary: "Today's events taking sign-ups (on the church's clock), with arrivals against places",
        response: todaysArrivalsSchema,
      },
      async () => ({ events: await arrivals.today(ctx.church.latest.time_zone) }),
    );
}
