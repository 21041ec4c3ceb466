import { z } from 'zod';
import { collectionExportSchema, staffCollectionUploadSchema, type CollectionUpload } from './collections.js';
import { campaignSchema } from './email.js';
import type { PublicPoll, PublicPollResults, StaffPoll, StaffPollResults } from './polls.js';
import { publicQuestionSchema, type StaffQuestion } from './qna.js';
import type { RegistrationCounts, StaffRegistration } from './registrations.js';
import type { StaffPrayerRequest, WallPrayer } from './prayer.js';
import { GATHERED_AUDIENCE_EVENTS } from './live-values.js';
export * from './live-values.js';

/**
 * What the audience of a Q&A sees pushed: exactly what the submit page shows of a question
 * (its text, category, name, time, votes and whether it was answered), never its moderation status.
 */
export const audienceQuestionSchema = publicQuestionSchema
  .pick({ id: true, text: true, category: true, name: true, created_at: true, timestamp: true, votes: true })
  .extend({ answered: z.boolean() });
export type AudienceQuestion = z.infer<typeof audienceQuestionSchema>;

/** Questions' new vote counts, gathered over AUDIENCE_BATCH_MS: one message per session, however many voted. */
export type VoteCounts = Array<{ id: number; votes: number }>;

export const jobProgressSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('campaign'), campaign: campaignSchema }),
  z.object({ kind: z.literal('export'), collectionId: z.uuid(), export: collectionExportSchema }),
]);
export type JobProgress = z.infer<typeof jobProgressSchema>;

/**
 * Why a socket is refused: the connect_error message of /staff without a signed-in session
 * (or from another site), and the error of a join's answer.
 */
export const LIVE_ERRORS = {
  unauthorized: 'unauthorized',
  notFound: 'Not found.',
  unavailable: 'Please try again.',
} as const;

/**
 * The answer to every join. The audience may join an active session only; staff any session or
 * collection that exists, active or not (they still manage it). Anything else: LIVE_ERRORS.notFound.
 */
export type JoinAck = (result: { ok: true } | { ok: false; error: string }) => void;

export interface StaffServerEvents {
  'question:created': (question: StaffQuestion & { session_id: string }) => void;
  'question:updated': (question: StaffQuestion & { session_id: string }) => void;
  'question:deleted': (event: { id: number; session_id: string }) => void;
  /**
   * Vote counts: the votes' own counts gathered over STAFF_VOTES_BATCH_MS, and the audience's gathered counts read
   * after the votes, which settle any crossing of two votes' counts.
   */
  'questions:votes': (event: { votes: VoteCounts; session_id: string }) => void;
  'session:ended': (event: { session_id: string }) => void;
  'upload:created': (upload: z.infer<typeof staffCollectionUploadSchema> & { collection_id: string }) => void;
  'upload:processed': (upload: z.infer<typeof staffCollectionUploadSchema> & { collection_id: string }) => void;
  /** Staff approved or rejected it (here or on another screen). */
  'upload:reviewed': (upload: z.infer<typeof staffCollectionUploadSchema> & { collection_id: string }) => void;
  'upload:deleted': (event: { id: number; collection_id: string }) => void;
  'job:progress': (progress: JobProgress) => void;
  'job:completed': (progress: JobProgress) => void;
  /** Something the dashboard's "Needs attention" counts changed: staff refetch GET /api/admin/attention/. */
  'attention:changed': (event: Record<string, never>) => void;
  /** An event's sign-up counts changed (a sign-up, a cancellation, a check-in): every check-in phone and list. */
  'registrations:counts': (event: { event_id: number; counts: RegistrationCounts }) => void;
  /** Someone was checked in, from any phone. */
  'registration:checked-in': (event: { event_id: number; registration: StaffRegistration }) => void;
  /** A poll of the session was prepared, opened, closed, revealed or deleted: its new state (deleted: `deleted`). */
  'poll:changed': (event: { poll: StaffPoll; deleted?: boolean }) => void;
  /** A poll's results, at most every POLL_RESULTS_BATCH_MS while answers arrive: moderators and the projector. */
  'poll:results': (event: { session_id: string; results: StaffPollResults }) => void;
  /** The text answer staff put on the projector (null: none). */
  'poll:answer-shown': (event: {
    session_id: string;
    poll_id: string;
    answer: { id: number; text: string } | null;
  }) => void;
  /** A prayer request arrived, whole: only the pastoral team's room hears it. */
  'prayer:created': (request: StaffPrayerRequest) => void;
  /** Staff approved, edited, followed up or archived it (here or on another screen). */
  'prayer:updated': (request: StaffPrayerRequest) => void;
}

export interface StaffClientEvents {
  'qna:join': (sessionId: string, ack: JoinAck) => void;
  'qna:leave': (sessionId: string) => void;
  'collection:join': (collectionId: string, ack: JoinAck) => void;
  'collection:leave': (collectionId: string) => void;
  'jobs:join': (ack: JoinAck) => void;
  'attention:join': (ack: JoinAck) => void;
  'event:join': (eventId: string, ack: JoinAck) => void;
  'event:leave': (eventId: string) => void;
  'prayer:join': (ack: JoinAck) => void;
}

/**
 * New questions reach the audience in order, in lists: a question alone when they are few, and at
 * busy times those that arrived within AUDIENCE_BATCH_MS together (1,000 phones each taking 50
 * messages a second would swamp the server and the phones alike).
 */
export const AUDIENCE_BATCH_MS = 1000;

/**
 * Moderators see a vote within this, gathered with the others of the moment: 300 votes a second cost each screen
 * (and the Redis adapter) 50 messages, not 300, and a screen redraws its list no more often than that. It is as long
 * as the API's spacing of the votes it casts together (VoteCasting), so each cast batch's counts find the last
 * message gone and go at once, instead of waiting out the rest of a longer interval.
 */
export const STAFF_VOTES_BATCH_MS = 20;

export interface AudienceServerEvents {
  /** Questions that went live: new ones of an open session, or approved by staff. */
  'questions:created': (questions: AudienceQuestion[]) => void;
  'questions:votes': (votes: VoteCounts) => void;
  'question:deleted': (event: { id: number }) => void;
  'question:answered': (event: { id: number; answered: boolean }) => void;
  'session:ended': (event: { session_id: string }) => void;
  /**
   * A collection's upload joined its public list ready to show (approved and processed): exactly the
   * public list's item. The slideshow shows it next.
   */
  'upload:shown': (upload: CollectionUpload) => void;
  /** It left the public list (deleted, or rejected after all). */
  'upload:hidden': (event: { id: number }) => void;
  /** Staff closed the collection (made it inactive, or deleted it): its slideshow gets nothing more. */
  'collection:closed': (event: { collection_id: string }) => void;
  /** Places left on an event taking sign-ups, for its page. */
  'event:places': (event: { event_id: number; places_left: number }) => void;
  /** Staff opened a poll: the question page shows it at once. */
  'poll:opened': (poll: PublicPoll) => void;
  /** It takes no more answers. */
  'poll:closed': (event: { poll_id: string }) => void;
  /** Staff revealed its results, and then their changes at most every POLL_RESULTS_BATCH_MS while answers arrive. */
  'poll:results': (results: PublicPollResults) => void;
  /** Staff approved a request for the wall: exactly the wall's item. */
  'prayer:shown': (request: WallPrayer) => void;
  /** It left the wall (archived, by staff or by age). */
  'prayer:hidden': (event: { id: string }) => void;
  /** Its "I prayed" count, read after the taps of a moment: everyone's wall shows the same. */
  'prayer:prayed': (event: { id: string; prayed_count: number }) => void;
}

/** One of the audience events, as a name and its payload. */
export type AudienceEventEntry = {
  [Event in keyof AudienceServerEvents]: [Event, Parameters<AudienceServerEvents[Event]>[0]];
}[keyof AudienceServerEvents];

/** What the audience namespace sends: each event alone, or several of one room together. */
export type AudienceMessages = AudienceServerEvents & {
  [GATHERED_AUDIENCE_EVENTS]: (events: AudienceEventEntry[]) => void;
};

export interface AudienceClientEvents {
  'qna:join': (sessionId: string, ack: JoinAck) => void;
  /** Anyone with a collection's link may follow its public uploads while it is active. */
  'collection:join': (collectionId: string, ack: JoinAck) => void;
  /** Anyone may follow the places left on an event that takes sign-ups. */
  'event:join': (eventId: string, ack: JoinAck) => void;
  /** Anyone may follow the prayer wall. */
  'prayer-wall:join': (ack: JoinAck) => void;
}
