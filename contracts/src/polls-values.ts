/** The words and limits of live polls that pages show, apart from the schemas: no zod here, so pages load none. */

/** `choice`: one answer; `multi`: several; `rating`: 1 to 5; `words`: up to three words, a word cloud; `text`: short answers. */
export const POLL_TYPES = ['choice', 'multi', 'rating', 'words', 'text'] as const;

export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 100;
export const POLL_OPTIONS_MOST = 10;
/** A words answer gives at most this many words, each at most POLL_WORD_MAX characters. */
export const POLL_WORDS_MOST = 3;
export const POLL_WORD_MAX = 30;
/** A short text answer; a words answer is held to the same length. */
export const POLL_TEXT_MAX = 280;
/** A rating's options, by position 0 to 4. */
export const RATING_OPTIONS = ['1', '2', '3', '4', '5'] as const;
/**
 * Live results reach moderators and the projector at most this often per poll while answers arrive: a few staff
 * screens can take ten messages a second, and the projector moves with the room. Phones get revealed results
 * as they get vote counts, at most once every AUDIENCE_BATCH_MS.
 */
export const POLL_RESULTS_BATCH_MS = 100;
