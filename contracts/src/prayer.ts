import { z } from 'zod';
import { choice, emailField, optionalText, requiredText, spamCheckFields } from './common.js';
import { pageOf, pageQuerySchema } from './paging.js';
import { PRAYER_STATUSES, PRAYER_TEXT_MAX, PRAYER_VISIBILITIES, PRAYER_WALL_PAGE_SIZE } from './prayer-values.js';
export * from './prayer-values.js';

const FIRST_NAME_MAX = 100;

/** The Prayer page's form: the request, who may see it, and an address only to hear back. */
export const prayerRequestFormSchema = z
  .object({
    text: requiredText(PRAYER_TEXT_MAX),
    name: optionalText(FIRST_NAME_MAX),
    email: z
      .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), emailField.nullish())
      .transform((value) => value ?? null),
    visibility: choice(PRAYER_VISIBILITIES).default('pastoral'),
    hear_back: z
      .boolean({ error: 'Must be true or false.' })
      .nullish()
      .transform((value) => value ?? false),
    ...spamCheckFields,
  })
  .superRefine((form, ctx) => {
    if (form.hear_back && !form.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter your e-mail address to hear back.' });
    }
  });
export type PrayerRequestForm = z.infer<typeof prayerRequestFormSchema>;

/** A request on the wall as anyone sees it: the approved words, and a first name unless it was asked to be anonymous. */
export const wallPrayerSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  name: z.string().nullable(),
  prayed_count: z.number().int(),
  approved_at: z.string(),
});
export type WallPrayer = z.infer<typeof wallPrayerSchema>;

export const wallQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
});
export type WallQuery = z.infer<typeof wallQuerySchema>;
export const wallPageSchema = pageOf(wallPrayerSchema);
export { PRAYER_WALL_PAGE_SIZE };

/** The answer to "I prayed": the request's count, and that this device has prayed for it. */
export const prayedAnswerSchema = z.object({ id: z.uuid(), prayed_count: z.number().int(), prayed: z.boolean() });
export type PrayedAnswer = z.infer<typeof prayedAnswerSchema>;

/** A request as the pastoral team sees it: what was sent, what the wall shows, and their own care of it. */
export const staffPrayerRequestSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  visibility: z.enum(PRAYER_VISIBILITIES),
  hear_back: z.boolean(),
  status: z.enum(PRAYER_STATUSES),
  wall_text: z.string().nullable(),
  wall_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  followed_up_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  notes: z.string(),
  prayed_count: z.number().int(),
  created_at: z.string(),
});
export type StaffPrayerRequest = z.infer<typeof staffPrayerRequestSchema>;

export const staffPrayerQuerySchema = pageQuerySchema.extend({ status: choice(PRAYER_STATUSES).optional() });
export type StaffPrayerQuery = z.infer<typeof staffPrayerQuerySchema>;
export const staffPrayerPageSchema = pageOf(staffPrayerRequestSchema);

/** Approval may carry the wall's words: surnames and details edited out, the original kept for staff. */
export const prayerApprovalSchema = z.object({
  text: requiredText(PRAYER_TEXT_MAX).optional(),
  name: optionalText(FIRST_NAME_MAX).optional(),
});
export type PrayerApproval = z.infer<typeof prayerApprovalSchema>;

export const prayerNotesSchema = z.object({ notes: optionalText(PRAYER_TEXT_MAX) });
export type PrayerNotes = z.infer<typeof prayerNotesSchema>;

/** The link in a sender's "N people prayed" mail that stops that mail. */
export const prayerUpdatesOffQuerySchema = z.object({
  request: z.uuid({ error: 'Required.' }),
  token: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(100),
});
export type PrayerUpdatesOffQuery = z.infer<typeof prayerUpdatesOffQuerySchema>;
