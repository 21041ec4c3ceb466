import { z } from 'zod';
import { choice, requiredText } from './common.js';
import { POLL_OPTION_MAX, POLL_OPTIONS_MOST, POLL_QUESTION_MAX, POLL_TEXT_MAX, POLL_TYPES } from './polls-values.js';
export * from './polls-values.js';

export type PollType = (typeof POLL_TYPES)[number];

/** `draft` until launched; one poll of a session is `open` at a time; a `closed` one takes no more answers. */
export const POLL_STATUSES = ['draft', 'open', 'closed'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

/**
 * What staff send to prepare a poll. `options` only for `choice` and `multi` (2 to POLL_OPTIONS_MOST);
 * a `rating` always has the five options "1" to "5"; `words` and `text` have none.
 */
export const pollFormSchema = z
  .object({
    question: requiredText(POLL_QUESTION_MAX),
    type: choice(POLL_TYPES),
    options: z
      .array(requiredText(POLL_OPTION_MAX), { error: 'Must be a list of options.' })
      .max(POLL_OPTIONS_MOST, `Ensure there are no more than ${POLL_OPTIONS_MOST} options.`)
      .optional(),
  })
  .superRefine((poll, context) => {
    const chooses = poll.type === 'choice' || poll.type === 'multi';
    if (chooses && (poll.options?.length ?? 0) < 2)
      context.addIssue({ code: 'custom', path: ['options'], message: 'Give at least 2 options.' });
    if (!chooses && poll.options?.length)
      context.addIssue({ code: 'custom', path: ['options'], message: `A ${poll.type} poll has no options.` });
  });
export type PollFormInput = z.input<typeof pollFormSchema>;
export type PollForm = z.output<typeof pollFormSchema>;

/** A poll as staff see it. */
export const staffPollSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  question: z.string(),
  type: choice(POLL_TYPES),
  /** The options' texts by position; a rating's are "1" to "5"; none for words and text. */
  options: z.array(z.string()),
  status: choice(POLL_STATUSES),
  /** Whether the audience may see the results (on their phones, and through the public results call). */
  revealed: z.boolean(),
  /** Devices that have answered. */
  answer_count: z.number().int(),
  created_at: z.iso.datetime(),
  opened_at: z.iso.datetime().nullable(),
  closed_at: z.iso.datetime().nullable(),
});
export type StaffPoll = z.infer<typeof staffPollSchema>;
export const staffPollListSchema = z.array(staffPollSchema);

/** A word of a word cloud and how many devices gave it (lower case). */
export const pollWordSchema = z.object({ word: z.string(), count: z.number().int() });

/**
 * Results as everyone may see them once revealed. `total`: devices that answered. `counts`: for `choice`,
 * `multi` and `rating`, one number per option. `average` only for `rating` (1 to 5, null with no answers).
 * `words` only for `words`, most given first, without any the word filter caught. Text answers are never
 * public: staff put them on screen one at a time.
 */
export const publicPollResultsSchema = z.object({
  poll_id: z.uuid(),
  type: choice(POLL_TYPES),
  total: z.number().int(),
  counts: z.array(z.number().int()),
  average: z.number().nullable(),
  words: z.array(pollWordSchema),
});
export type PublicPollResults = z.infer<typeof publicPollResultsSchema>;

/** A short text answer, or a words answer, as staff read it. `held`: the word filter caught it; never shown. */
export const pollTextAnswerSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  held: z.boolean(),
  created_at: z.iso.datetime(),
});
export type PollTextAnswer = z.infer<typeof pollTextAnswerSchema>;

/** What staff see: the public results, every text answer, and what the filter held. */
export const staffPollResultsSchema = publicPollResultsSchema.extend({
  /** For `text` and `words` polls, newest first (words answers too, so staff can see what was held). */
  answers: z.array(pollTextAnswerSchema),
  /** The text answer on the projector now, if any. */
  shown_answer_id: z.number().int().nullable(),
});
export type StaffPollResults = z.infer<typeof staffPollResultsSchema>;

/** What the calling device answered, so the page shows its choice and lets it change it while open. */
export const myPollAnswerSchema = z.object({ choices: z.array(z.number().int()), text: z.string() });
export type MyPollAnswer = z.infer<typeof myPollAnswerSchema>;

/** The poll as the audience's phones see it. */
export const publicPollSchema = staffPollSchema.pick({
  id: true,
  session_id: true,
  question: true,
  type: true,
  options: true,
  status: true,
  revealed: true,
});
export type PublicPoll = z.infer<typeof publicPollSchema>;

/**
 * GET /api/qna/public/sessions/{id}/polls/active/: the open poll, or else the last poll whose results were
 * revealed (so phones keep showing them), or null. `my_answer` is the calling device's, null before it answers;
 * `results` only when revealed.
 */
export const activePollAnswerSchema = z.object({
  poll: publicPollSchema
    .extend({ my_answer: myPollAnswerSchema.nullable(), results: publicPollResultsSchema.nullable() })
    .nullable(),
});
export type ActivePollAnswer = z.infer<typeof activePollAnswerSchema>;

/**
 * A device's answer (POST /api/qna/public/polls/{id}/answer/). `choices`: option positions from 0 (exactly one
 * for `choice` and `rating`, one or more distinct for `multi`); `text`: for `words` (up to POLL_WORDS_MOST words)
 * and `text`. Sending again replaces the device's answer while the poll is open. Each type's own rules are the
 * service's, which answers per-field messages.
 */
export const pollAnswerSchema = z.object({
  choices: z
    .array(z.number({ error: 'Must be a list of option positions.' }).int('Must be a whole number.'), {
      error: 'Must be a list of option positions.',
    })
    .max(POLL_OPTIONS_MOST, `Ensure there are no more than ${POLL_OPTIONS_MOST} choices.`)
    .optional(),
  text: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(POLL_TEXT_MAX, `Ensure this field has no more than ${POLL_TEXT_MAX} characters.`)
    .optional(),
});
export type PollAnswerInput = z.input<typeof pollAnswerSchema>;

export const pollAnswerAnswerSchema = z.object({ poll_id: z.uuid(), my_answer: myPollAnswerSchema });

/** POST /api/qna/polls/{id}/reveal/: no body (or `revealed: true`) shows the results to the audience; `false` hides them again. */
export const pollRevealSchema = z.object({
  revealed: z.boolean({ error: 'Must be true or false.' }).optional(),
});
