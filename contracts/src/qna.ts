import { z } from 'zod';
import { choice, optionalText, requiredText } from './common.js';

export const QUESTION_CATEGORIES = ['general', 'faith', 'church', 'community', 'youth', 'other'] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const QUESTION_STATUSES = ['new', 'reading', 'answered', 'skipped'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const QNA_SESSION_TYPES = ['live', 'webinar', 'meeting', 'conference'] as const;

export const QUESTION_TEXT_MAX = 500;
export const QUESTION_NAME_MAX = 100;
/** Who asked or uploaded, when the visitor gives no name. */
export const ANONYMOUS_NAME = 'Anonymous';

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
  status: choice(QUESTION_STATUSES),
  created_at: z.iso.datetime(),
  /** The same moment as created_at; the pages label questions with it. */
  timestamp: z.iso.datetime(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

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

/** What the staff Q&A session form sends, on create and on edit alike. */
export const qnaSessionFormSchema = z.object({
  title: requiredText(QNA_TITLE_MAX),
  description: requiredText(QNA_DESCRIPTION_MAX),
  type: choice(QNA_SESSION_TYPES).default('live'),
  max_questions: wholeNumberField({ min: 1, max: MAX_QUESTIONS_LIMIT, fallback: MAX_QUESTIONS_DEFAULT }),
  is_active: switchField(true),
});
export type QnaSessionFormInput = z.input<typeof qnaSessionFormSchema>;
export type QnaSessionForm = z.output<typeof qnaSessionFormSchema>;

export const qnaSessionSchema = publicSessionSchema.extend({
  created_at: z.iso.datetime(),
  question_count: z.number().int(),
});
export type QnaSession = z.infer<typeof qnaSessionSchema>;
export const qnaSessionListSchema = z.array(qnaSessionSchema);

/** The moderator's change of a question's status. */
export const questionStatusUpdateSchema = z.object({ status: choice(QUESTION_STATUSES) });
export type QuestionStatusUpdate = z.infer<typeof questionStatusUpdateSchema>;
