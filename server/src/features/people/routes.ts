import {
  personErasedSchema,
  personExportSchema,
  personQuerySchema,
  personRecordSchema,
  type StaffUser,
} from '@gather/contracts';
import type { Response } from 'express';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { PeopleRepository } from './repository.js';
import { PeopleService } from './service.js';

const rolesOf = (res: Response) => (res.locals.staff as StaffUser).roles;

export function peopleRoutes(ctx: AppContext): ApiRouter {
  const service = new PeopleService(new PeopleRepository(ctx.db));
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/people/',
        tag: 'people',
        roles: ['finance'],
        summary: 'Everything held about one e-mail address; questions and uploads are matched by name',
        query: personQuerySchema,
        response: personRecordSchema,
      },
      ({ query, res }) => service.find(query.email, rolesOf(res)),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/people/export/',
        tag: 'people',
        roles: ['finance'],
        summary: 'The same as a JSON download, for a subject access request',
        query: personQuerySchema,
        response: personExportSchema,
        produces: 'application/json',
      },
      async ({ query, res }) => {
        const data = await service.export(query.email, rolesOf(res));
        const fileName = `person-${query.email.replace(/[^a-z0-9.@_-]/g, '_')}.json`;
        res.set('Content-Disposition', `attachment; filename="${fileName}"`).json(data);
      },
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/people/erase/',
        tag: 'people',
        roles: ['finance'],
        summary: 'Remove or anonymise everything about the address in one go, keeping only what the law requires',
        body: personQuerySchema,
        response: personErasedSchema,
        // The log must not keep the address its own erase removed.
        activity: { subject: 'person', personal: true },
      },
      ({ body }) => service.erase(body.email),
    );
}
