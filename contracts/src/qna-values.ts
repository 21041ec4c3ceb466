/** The words, limits and helpers of Q&A that pages show, apart from the schemas: no zod here, so pages load none. */

/** Who asked or uploaded, when the visitor gives no name. */
export const ANONYMOUS_NAME = 'Anonymous';

export const QUESTION_CATEGORIES = ['general', 'faith', 'church', 'community', 'youth', 'other'] as const;

export const QUESTION_NAME_MAX = 100;

export const QUESTION_TEXT_MAX = 500;

/**
 * A phone's question list holds the newest live questions, this many, and as many with most votes (and its own
 * waiting ones): a busy session's thousands stay with the moderators, and a page costs the same at any size.
 */
export const AUDIENCE_LIST_QUESTIONS = 50;

/** Questions the page shows in the chosen order before "Show more questions", which adds as many again. */
export const AUDIENCE_SHOWN_QUESTIONS = 20;
