import { serviceListSchema } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { ServiceRepository } from './repository.js';
import { ServiceSchedule } from './service.js';

export function serviceRoutes(ctx: AppContext): ApiRouter {
  const service = new ServiceSchedule(new ServiceRepository(ctx.db));
  return new ApiRouter().endpoint(
    {
      method: 'get',
      path: '/api/services/',
      tag: 'services',
      access: 'public',
      summary: 'Active weekly services, Monday to Sunday',
      response: serviceListSchema,
    },
    () => service.active(),
  );
}
