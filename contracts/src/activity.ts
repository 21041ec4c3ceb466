import { z } from 'zod';
import { pageOf, pageQuerySchema } from './paging.js';

/** What stands in a logged request or row where a password, token or secret was. */
export const REDACTED = '[redacted]';

const dayMessage = 'Enter a date as YYYY-MM-DD.';

/** The activity page's filters: who, what kind of thing, and a range of days (London days, inclusive). */
export const activityQuerySchema = pageQuerySchema.extend({
  staff: z.string().trim().max(150).optional(),
  subject: z.string().trim().max(60).optional(),
  from: z.iso.date({ error: dayMessage }).optional(),
  to: z.iso.date({ error: dayMessage }).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** One staff change: who made it, when, what it was, and the thing as it was before and after. */
export const activityEntrySchema = z.object({
  id: z.number(),
  at: z.iso.datetime({ offset: true }),
  staff: z.string(),
  action: z.enum(['create', 'edit', 'delete']),
  method: z.string(),
  path: z.string(),
  subject: z.string(),
  subject_id: z.string().nullable(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = pageOf(activityEntrySchema);

/** The choices the page's filters offer: every staff member and kind of thing the log holds. */
export const activityFiltersSchema = z.object({ staff: z.array(z.string()), subjects: z.array(z.string()) });
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;
