import { attentionSchema, holdsRole, todayIn, type Attention, type StaffRole, type StaffUser } from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { AttentionRepository } from './repository.js';

/** Whose work each count is: a count shows as 0 to anyone else, so a badge tells nobody of what they may not see. */
const COUNTED_FOR: Record<keyof Attention, StaffRole> = {
  unread_contacts: 'pastoral',
  new_connect_cards: 'pastoral',
  new_giving: 'finance',
  pledges_overdue: 'finance',
  pledges_due_this_week: 'finance',
  questions_waiting: 'live',
  uploads_waiting: 'live',
  campaigns_with_failures: 'mail',
};

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
      const counts = await repository.counts(todayIn(ctx.config.CHURCH_TIMEZONE));
      const keys = Object.keys(COUNTED_FOR) as Array<keyof Attention>;
      return Object.fromEntries(keys.map((key) => [key, holdsRole(roles, [COUNTED_FOR[key]]) ? counts[key] : 0]));
    },
  );
}
