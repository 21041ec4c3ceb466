import { z } from 'zod';
import type { StaffRole } from './staff-roles.js';

/**
 * What waits for staff, counted in one call (GET /api/admin/attention/): the dashboard's "Needs
 * attention" and the sidebar's badges. Pledges are due by the church's calendar (CHURCH_TIMEZONE);
 * "this week" is today and the six days after it.
 */
export const attentionSchema = z.object({
  /** Contact messages not yet read. */
  unread_contacts: z.number().int(),
  /** Connect cards still 'New' (not processed). */
  new_connect_cards: z.number().int(),
  /** Giving notices have no read or processed state: those received in the last ATTENTION_GIVING_DAYS days. */
  new_giving: z.number().int(),
  /** Not completed and the pay-by date has passed. */
  pledges_overdue: z.number().int(),
  /** Not completed and the pay-by date is today or within the next six days. */
  pledges_due_this_week: z.number().int(),
  /** Questions new or held for review in active Q&A sessions. */
  questions_waiting: z.number().int(),
  /** Photo collection uploads waiting for approval. */
  uploads_waiting: z.number().int(),
  /** Campaigns sent with failures, or paused by the sending engine itself. */
  campaigns_with_failures: z.number().int(),
  /** Prayer requests not yet approved, followed up nor archived. */
  prayer_requests_waiting: z.number().int(),
});
export type Attention = z.infer<typeof attentionSchema>;

export const ATTENTION_GIVING_DAYS = 7;

/** Whose work each count is: anyone else is told 0, so a badge tells nobody of what they may not see. */
export const ATTENTION_ROLES: Record<keyof Attention, StaffRole> = {
  unread_contacts: 'pastoral',
  new_connect_cards: 'pastoral',
  new_giving: 'finance',
  pledges_overdue: 'finance',
  pledges_due_this_week: 'finance',
  questions_waiting: 'live',
  uploads_waiting: 'live',
  campaigns_with_failures: 'mail',
  prayer_requests_waiting: 'pastoral',
};
