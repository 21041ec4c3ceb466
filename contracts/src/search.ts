import { z } from 'zod';
import { REQUIRED } from './common.js';

/** The console's command palette asks the server once a visitor has typed this much, and never more than that. */
export const STAFF_SEARCH_MIN_LENGTH = 2;
export const STAFF_SEARCH_MAX_LENGTH = 100;
/** At most this many of each kind: the palette is for jumping to one thing, not for reading lists. */
export const STAFF_SEARCH_PER_KIND = 5;

export const staffSearchQuerySchema = z.object({
  q: z
    .string({ error: REQUIRED })
    .trim()
    .min(STAFF_SEARCH_MIN_LENGTH, `Type at least ${STAFF_SEARCH_MIN_LENGTH} characters.`)
    .max(STAFF_SEARCH_MAX_LENGTH, `Ensure this field has no more than ${STAFF_SEARCH_MAX_LENGTH} characters.`),
});
export type StaffSearchQuery = z.infer<typeof staffSearchQuerySchema>;

/** A person is an e-mail address the church holds, with the name last given with it. */
const personHitSchema = z.object({ email: z.string(), name: z.string() });
const eventHitSchema = z.object({ id: z.number().int(), title: z.string(), date: z.string() });
const campaignHitSchema = z.object({ id: z.number().int(), subject: z.string(), status: z.string() });
const pledgeHitSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), total: z.string() });

/** Each kind only for the roles that may open it; the others come back empty. */
export const staffSearchAnswerSchema = z.object({
  people: z.array(personHitSchema),
  events: z.array(eventHitSchema),
  campaigns: z.array(campaignHitSchema),
  pledges: z.array(pledgeHitSchema),
});
export type StaffSearchAnswer = z.infer<typeof staffSearchAnswerSchema>;
