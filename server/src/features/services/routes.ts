import { integerId, serviceListSchema, serviceRequestSchema, serviceSchema } from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { ServiceRepository } from './repository.js';
import { ServiceSchedule } from './service.js';
import { rowBefore } from '../../platform/database/before.js';
import { services } from '../../platform/database/schema/services.js';

const serviceParams = z.object({ id: integerId });

export function serviceRoutes(ctx: AppContext): ApiRouter {
  const service = new ServiceSchedule(new ServiceRepository(ctx.db));
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/services/',
        cached: true,
        tag: 'services',
        access: 'public',
        summary: 'Active weekly services, Monday to Sunday',
        response: serviceListSchema,
      },
      () => service.active(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/services/',
        tag: 'services',
        roles: ['content'],
        summary: 'Every weekly service, inactive ones included, Monday to Sunday',
        response: serviceListSchema,
      },
      () => service.all(),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/services/',
        activity: { subject: 'service' },
        tag: 'services',
        roles: ['content'],
        summary: 'Add a weekly service',
        body: serviceRequestSchema,
        status: 201,
        response: serviceSchema,
      },
      ({ body }) => service.create(body),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/services/:id/',
        activity: { subject: 'service', before: rowBefore(ctx.db, services, services.id) },
        tag: 'services',
        roles: ['content'],
        summary: 'Replace a weekly service with the form as sent',
        params: serviceParams,
        body: serviceRequestSchema,
        response: serviceSchema,
      },
      ({ params, body }) => service.update(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/services/:id/',
        activity: { subject: 'service', before: rowBefore(ctx.db, services, services.id) },
        tag: 'services',
        roles: ['content'],
        summary: 'Delete a weekly service',
        params: serviceParams,
        status: 204,
      },
      ({ params }) => service.remove(params.id),
    );
}
