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
