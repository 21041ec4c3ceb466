import { activityFiltersSchema, activityPageSchema, activityQuerySchema } from '@gather/contracts';
import { ApiRouter } from '../../platform/http/endpoint.js';
import type { ActivityService } from './service.js';

const PATH = '/api/admin/activity';

export function activityRoutes(service: ActivityService): ApiRouter {
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: `${PATH}/`,
        tag: 'activity',
        roles: ['administrator'],
        summary:
          'Every staff change, newest first: who, when, what, and the thing before and after; search over who and what, filter by staff member, kind of thing and days',
        query: activityQuerySchema,
        response: activityPageSchema,
      },
      ({ query, req }) => service.list(req.originalUrl, query),
    )
    .endpoint(
      {
        method: 'get',
        path: `${PATH}/filters/`,
        tag: 'activity',
        roles: ['administrator'],
        summary: "The staff members and kinds of thing the activity log holds, for the page's filters",
        response: activityFiltersSchema,
      },
      () => service.filters(),
    );
}
