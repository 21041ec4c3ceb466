import { z } from 'zod';
import { choice, optionalText, requiredText } from './common.js';
import { ANONYMOUS_NAME, QUESTION_CATEGORIES, QUESTION_NAME_MAX, QUESTION_TEXT_MAX } from './qna-values.js';
export * from './qna-values.js';

export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const QUESTION_STATUSES = ['new', 'reading', 'answered', 'skipped'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/**
 * A question held for review waits as `pending` until staff approve it (it becomes `new`) or
 * dismiss it. Only staff see either; an asker sees their own held question as `pending`.
 */
export const QUESTION_REVIEW_STATUSES = ['pending', 'dismissed'] as const;
export const ALL_QUESTION_STATUSES = [...QUESTION_STATUSES, ...QUESTION_REVIEW_STATUSES] as const;
export type AnyQuestionStatus = (typeof ALL_QUESTION_STATUSES)[number];

/**
 * How a session's questions go live: `open` at once (as always), `filter` at once unless the word
 * filter catches them, `review` only once staff approve them.
 */
export const QNA_MODERATION_MODES = ['open', 'filter', 'review'] as const;
export type QnaModeration = (typeof QNA_MODERATION_MODES)[number];

export const QNA_SESSION_TYPES = ['live', 'webinar', 'meeting', 'conference'] as const;

/** What a visitor sends from the public Q&A page. */
export const questionSubmissionSchema = z.object({
  text: requiredText(QUESTION_TEXT_MAX),
  // The page sends '' when no category was picked; that is the same as not choosing one.
  category: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    choice(QUESTION_CATEGORIES).default('general'),
  ),
  name: optionalText(QUESTION_NAME_MAX).transform((name) => name || ANONYMOUS_NAME),
});
export type QuestionSubmissionInput = z.input<typeof questionSubmissionSchema>;
export type QuestionSubmission = z.output<typeof questionSubmissionSchema>;

export const publicSessionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  type: choice(QNA_SESSION_TYPES),
  is_active: z.boolean(),
  max_questions: z.number().int(),
});
export type PublicSession = z.infer<typeof publicSessionSchema>;

export const publicQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  category: choice(QUESTION_CATEGORIES),
  name: z.string(),
  /** `pending` only on the asker's own question waiting for approval. */
  status: choice(ALL_QUESTION_STATUSES),
  created_at: z.iso.datetime(),
  /** The same moment as created_at; the pages label questions with it. */
  timestamp: z.iso.datetime(),
  votes: z.number().int(),
  /** Whether the calling device has voted for it. */
  voted: z.boolean(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

/** What staff see of a question: every status, its votes, and whether the word filter caught it. */
export const staffQuestionSchema = publicQuestionSchema.omit({ voted: true }).extend({ flagged: z.boolean() });
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;
export const staffQuestionListSchema = z.array(staffQuestionSchema);

export const publicQuestionListSchema = z.array(publicQuestionSchema);

/**
 * A whole number typed into a staff form. Number inputs arrive as text from browsers and as
 * numbers from other callers; both are judged alike, and a blank field means the default.
 */
export const wholeNumberField = ({ min, max, fallback }: { min: number; max: number; fallback: number }) =>
  z.preprocess(
    (value) => {
      if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      return typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
    },
    z
      .number({ error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(min, `Ensure this value is greater than or equal to ${min}.`)
      .max(max, `Ensure this value is less than or equal to ${max}.`)
      .default(fallback),
  );

/** An on/off switch in a staff form; absent means its default. */
export const switchField = (fallback: boolean) => z.boolean({ error: 'Must be true or false.' }).default(fallback);

export const QNA_TITLE_MAX = 200;
export const QNA_DESCRIPTION_MAX = 2000;
export const MAX_QUESTIONS_DEFAULT = 100;
/** Far above any real session; stops typos such as an extra row of zeros. */
export const MAX_QUESTIONS_LIMIT = 10_000;

export const FILTER_WORD_MAX = 50;
export const FILTER_WORDS_LIMIT = 200;

/** The church's own words for the filter: a list, or text with one word or phrase per comma or line. */
export const filterWordsField = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[,\n]/) : (value ?? [])),
  z
    .array(z.string({ error: 'Must be text.' }), { error: 'Must be a list of words.' })
    .transform((words) => [...new Set(words.map((word) => word.trim().toLowerCase()).filter(Boolean))])
    // Judged on the whole list, so the form shows one message under its one field.
    .refine((words) => words.every((word) => word.length <= FILTER_WORD_MAX), {
      error: `Ensure each word has no more than ${FILTER_WORD_MAX} characters.`,
    })
    .refine((words) => words.length <= FILTER_WORDS_LIMIT, {
      error: `Ensure there are no more than ${FILTER_WORDS_LIMIT} words.`,
    }),
);

/** What the staff Q&A session form sends, on create and on edit alike. */
export const qnaSessionFormSchema = z.object({
  title: requiredText(QNA_TITLE_MAX),
  description: requiredText(QNA_DESCRIPTION_MAX),
  type: choice(QNA_SESSION_TYPES).default('live'),
  max_questions: wholeNumberField({ min: 1, max: MAX_QUESTIONS_LIMIT, fallback: MAX_QUESTIONS_DEFAULT }),
  is_active: switchField(true),
  moderation: choice(QNA_MODERATION_MODES).default('open'),
  filter_words: filterWordsField,
});
export type QnaSessionFormInput = z.input<typeof qnaSessionFormSchema>;
export type QnaSessionForm = z.output<typeof qnaSessionFormSchema>;

export const qnaSessionSchema = publicSessionSchema.extend({
  created_at: z.iso.datetime(),
  question_count: z.number().int(),
  moderation: choice(QNA_MODERATION_MODES),
  filter_words: z.array(z.string()),
  /** Questions waiting for staff to approve or dismiss them. */
  pending_count: z.number().int(),
});
export type QnaSession = z.infer<typeof qnaSessionSchema>;
export const qnaSessionListSchema = z.array(qnaSessionSchema);

/** The moderator's change of a question's status. */
export const questionStatusUpdateSchema = z.object({ status: choice(QUESTION_STATUSES) });
export type QuestionStatusUpdate = z.infer<typeof questionStatusUpdateSchema>;
