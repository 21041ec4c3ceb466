import { pledgeRequestSchema, pledgeSchema, todayIn } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { PledgeRepository } from './repository.js';
import { PledgeService } from './service.js';

export function pledgeRoutes(ctx: AppContext): ApiRouter {
  const service = new PledgeService(new PledgeRepository(ctx.db));
  // A pay-by day is judged by the church's calendar, not the server's or the donor's.
  const pledgeRequest = pledgeRequestSchema({ today: () => todayIn(ctx.config.CHURCH_TIMEZONE) });
  return new ApiRouter().endpoint(
    {
      method: 'post',
      access: 'public',
      rateLimit: 'forms',
      path: '/api/building-fund/',
      tag: 'building fund',
      summary: 'Pledge to the building fund; answers the pledge as stored (status pending)',
      body: pledgeRequest,
      status: 201,
      response: pledgeSchema,
    },
    ({ body }) => service.pledge(body),
  );
}
