/** What live polls share with the Q&A they run in: the audience's shares and the session's word filter. */
export { AudienceShares, type Place } from './audience-shares.js';
export { WordFilter } from './word-filter.js';
export { qnaSharesOf } from './shares.js';
export type { SessionDownloadPart } from './export.js';
