/** The words, limits and helpers of the live layer that pages show, apart from the schemas: no zod here, so pages load none. */

/** socket.io namespaces: staff need the session cookie; the audience is anyone with a session's link. */
export const LIVE_NAMESPACES = { staff: '/staff', audience: '/audience' } as const;

/**
 * A room's audience events that left together (a moment's new questions and vote counts), as one message on each
 * phone: every message is a write to each of thousands of sockets. A page handles each entry, in order, as if it
 * had come alone.
 */
export const GATHERED_AUDIENCE_EVENTS = 'gathered';

/**
 * A list of new questions pushed to the audience carries the newest this many, however many arrived together: a
 * phone cannot read more in the second between lists, and the page's Recent order shows them first.
 */
export const AUDIENCE_RECENT_QUESTIONS = 3;

/** Room names, the same in every API process. */
export const liveRooms = {
  qna: (sessionId: string) => `qna:${sessionId}`,
  collection: (collectionId: string) => `collection:${collectionId}`,
  /** An event's sign-ups: places left to its public pages, counts and check-ins to staff. */
  event: (eventId: number | string) => `event:${eventId}`,
  jobs: 'jobs',
  attention: 'attention',
  /** New and changed prayer requests, whole: the pastoral team's only (and administrators'). */
  prayer: 'prayer',
  /** The prayer wall's approved requests and their counts: anyone. */
  prayerWall: 'prayer-wall',
} as const;
