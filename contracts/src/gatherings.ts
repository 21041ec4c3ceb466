import { z } from 'zod';
import { REQUIRED, optionalText, requiredText } from './common.js';

/**
 * A gathering is one Sunday (or any date) as visitors meet it: one QR code leading to the Q&A session,
 * the photo collection, the connect card, giving and the sermon of that day.
 */
export const GATHERING_LIMITS = { title: 200, sermon_notes: 5000 } as const;

/** An optional link to another thing by its id: absent, null and blank all mean none. */
const optionalId = <T extends z.ZodType<string | number>>(id: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), id.nullable());

export const gatheringRequestSchema = z.object({
  title: requiredText(GATHERING_LIMITS.title),
  date: z.iso.date({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? REQUIRED
        : 'Enter a real date as YYYY-MM-DD.',
  }),
  qna_session_id: optionalId(z.uuid('Choose a Q&A session from the list.')),
  collection_id: optionalId(z.uuid('Choose a photo collection from the list.')),
  sermon_id: optionalId(
    z.coerce.number({ error: 'Choose a sermon from the list.' }).int('Choose a sermon from the list.').positive(),
  ),
  /** Plain text, shown as typed (never as HTML). */
  sermon_notes: optionalText(GATHERING_LIMITS.sermon_notes),
});
export type GatheringRequest = z.input<typeof gatheringRequestSchema>;
export type GatheringValues = z.output<typeof gatheringRequestSchema>;

/** What staff see and edit. */
export const gatheringSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  date: z.iso.date(),
  qna_session_id: z.uuid().nullable(),
  collection_id: z.uuid().nullable(),
  sermon_id: z.number().int().nullable(),
  sermon_notes: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Gathering = z.infer<typeof gatheringSchema>;
export const gatheringListSchema = z.array(gatheringSchema);

/**
 * What a visitor's page gets: only links that lead somewhere open (an inactive Q&A session or collection is
 * left out), and of the sermon only what its public card shows.
 */
export const publicGatheringSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  date: z.iso.date(),
  qna_session_id: z.uuid().nullable(),
  collection_id: z.uuid().nullable(),
  sermon: z.object({ title: z.string(), speaker: z.string(), video_url: z.string().nullable() }).nullable(),
  sermon_notes: z.string(),
});
export type PublicGathering = z.infer<typeof publicGatheringSchema>;

/** `/sunday`'s gathering, or none when there is no gathering in the last six days nor ahead. */
export const currentGatheringSchema = z.object({ gathering: publicGatheringSchema.nullable() });
export type CurrentGathering = z.infer<typeof currentGatheringSchema>;

/** How far back /sunday still shows the last gathering (a week's notes stay up until the next Sunday). */
export const CURRENT_GATHERING_DAYS_BACK = 6;
