import {
  holdsRole,
  STAFF_SEARCH_PER_KIND,
  staffSearchAnswerSchema,
  staffSearchQuerySchema,
  type StaffRole,
  type StaffSearchAnswer,
  type StaffUser,
} from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { SearchRepository } from './repository.js';

/** Who may find each kind: the roles of the calls and pages that open it. */
const KIND_ROLES: Record<keyof StaffSearchAnswer, readonly StaffRole[]> = {
  people: ['finance'],
  events: ['content'],
  campaigns: ['mail'],
  pledges: ['finance'],
};

export function searchRoutes(ctx: AppContext): ApiRouter {
  const repository = new SearchRepository(ctx.db);
  return new ApiRouter().endpoint(
    {
      method: 'get',
      path: '/api/admin/search/',
      tag: 'search',
      // Every member of staff may search; each kind is looked up only for those holding its roles.
      roles: 'any-staff',
      summary: `People, events, e-mails and pledges whose names contain the text, at most ${STAFF_SEARCH_PER_KIND} of each`,
      query: staffSearchQuerySchema,
      response: staffSearchAnswerSchema,
    },
    async ({ query, res }) => {
      const staff = res.locals.staff as StaffUser;
      const find = <K extends keyof StaffSearchAnswer>(
        kind: K,
        look: (text: string, limit: number) => Promise<StaffSearchAnswer[K]>,
      ): Promise<StaffSearchAnswer[K]> =>
        holdsRole(staff.roles, KIND_ROLES[kind])
          ? look(query.q, STAFF_SEARCH_PER_KIND)
          : Promise.resolve([] as unknown as StaffSearchAnswer[K]);
      const [people, events, campaigns, pledges] = await Promise.all([
        find('people', (text, limit) => repository.people(text, limit)),
        find('events', (text, limit) => repository.events(text, limit)),
        find('campaigns', (text, limit) => repository.campaigns(text, limit)),
        find('pledges', (text, limit) => repository.pledges(text, limit)),
      ]);
      return { people, events, campaigns, pledges };
    },
  );
}
