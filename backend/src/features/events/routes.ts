import { eventListSchema } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { ChurchTime } from './church-time.js';
import { EventRepository } from './repository.js';
import { EventService } from './service.js';

export function eventRoutes(ctx: AppContext): ApiRouter {
  const service = new EventService(new EventRepository(ctx.db), new ChurchTime(ctx.config.CHURCH_TIMEZONE));
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/events/',
        tag: 'events',
        access: 'public',
        summary: 'Every event, earliest first',
        response: eventListSchema,
      },
      () => service.all(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/events/special/',
        tag: 'events',
        access: 'public',
        summary: "Special events that have not ended yet, soonest first ('Don't Miss These Special Events')",
        response: eventListSchema,
      },
      () => service.special(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/events/upcoming/',
        tag: 'events',
        access: 'public',
        summary: 'Events still to come or still going on, soonest first',
        response: eventListSchema,
      },
      () => service.upcoming(),
    );
}
