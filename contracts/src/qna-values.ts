/** The words, limits and helpers of Q&A that pages show, apart from the schemas: no zod here, so pages load none. */

/** Who asked or uploaded, when the visitor gives no name. */
export const ANONYMOUS_NAME = 'Anonymous';

export const QUESTION_CATEGORIES = ['general', 'faith', 'church', 'community', 'youth', 'other'] as const;

export const QUESTION_NAME_MAX = 100;

export const QUESTION_TEXT_MAX = 500;
