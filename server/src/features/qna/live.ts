import {
  AUDIENCE_BATCH_MS,
  AUDIENCE_RECENT_QUESTIONS,
  STAFF_VOTES_BATCH_MS,
  liveRooms,
  type AudienceQuestion,
  type StaffQuestion,
  type VoteCounts,
} from '@gather/contracts';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../../platform/database/client.js';
import { Gathered } from '../../platform/live/gathered.js';
import type { StaffAndAudienceRoom } from '../../platform/live/namespaces.js';
import type { LiveEvent } from '../../platform/live/events.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import { QnaRepository } from './repository.js';

/** Staff follow a session while it exists (they still manage an inactive one); its audience only while it is active. */
export function qnaRooms(db: Database, pool: pg.Pool): StaffAndAudienceRoom {
  const questions = new QnaRepository(db, pool);
  return {
    staff: {
      roles: ['live'],
      join: 'qna:join',
      leave: 'qna:leave',
      room: liveRooms.qna,
      allowed: async (id) => (await questions.session(id)) !== undefined,
    },
    audience: {
      join: 'qna:join',
      room: liveRooms.qna,
      allowed: async (id) => (await questions.activeSession(id)) !== undefined,
    },
  };
}

/** What a session's audience is told at the next moment: a question that went live, or a question voted on. */
type AudienceChange = { question: AudienceQuestion } | { voted: number };

/** A Q&A session's events, to its moderators and its audience, once a change is committed. */
export class QnaLive {
  /**
   * Each session's new questions and votes for its audience: told at once, then what comes in the next
   * AUDIENCE_BATCH_MS together, as the newest AUDIENCE_RECENT_QUESTIONS and the stored counts of every question voted
   * on. Both lists of a moment leave together, so the live sockets write them to each phone as one message. Counts
   * are read after the votes were stored, so the last message carries the stored count, whichever API process took
   * the votes.
   */
  private readonly toAudience = new Gathered<AudienceChange>(AUDIENCE_BATCH_MS, (sessionId, changes) =>
    this.tellAudience(sessionId, changes),
  );
  /** Each session's votes to its moderators, gathered over STAFF_VOTES_BATCH_MS; a question's last count wins. */
  private readonly votesToStaff = new Gathered<{ id: number; votes: number }>(
    STAFF_VOTES_BATCH_MS,
    (sessionId, votes) => this.sendToStaff(sessionId, [...new Map(votes.map((vote) => [vote.id, vote])).values()]),
  );

  /** Each session's audience events waiting for a moment's counts to be read: later ones go after them. */
  private readonly audienceInFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly live: LivePublisher,
    private readonly countsOf: (questionIds: number[]) => Promise<VoteCounts>,
    private readonly log: Logger,
  ) {}

  /**
   * Moderators get each question at once; the audience in lists (see AUDIENCE_BATCH_MS), and only
   * once it is live: a question waiting for review reaches staff alone.
   */
  questionCreated(sessionId: string, question: StaffQuestion): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { ...question, session_id: sessionId };
    this.live.send({ namespace: 'staff', room, event: 'question:created', payload });
    if (isLive(question)) this.toAudience.add(sessionId, { question: toAudienceQuestion(question) });
  }

  /** Staff approved a waiting question: the audience gets it as a new one. */
  questionApproved(sessionId: string, question: StaffQuestion): void {
    this.questionUpdated(sessionId, question);
    this.toAudience.add(sessionId, { question: toAudienceQuestion(question) });
  }

  questionUpdated(sessionId: string, question: StaffQuestion): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { ...question, session_id: sessionId };
    this.live.send({ namespace: 'staff', room, event: 'question:updated', payload });
  }

  /** The audience sees a question answered, never its other statuses. */
  questionAnswered(sessionId: string, id: number, answered: boolean): void {
    this.toAudienceInOrder(sessionId, [
      { namespace: 'audience', room: liveRooms.qna(sessionId), event: 'question:answered', payload: { id, answered } },
    ]);
  }

  /** `wasLive`: only a question the audience was shown is taken off their screens. */
  questionDeleted(sessionId: string, id: number, wasLive: boolean): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    this.live.send({ namespace: 'staff', room, event: 'question:deleted', payload: { id, session_id: sessionId } });
    if (wasLive)
      this.toAudienceInOrder(sessionId, [{ namespace: 'audience', room, event: 'question:deleted', payload: { id } }]);
  }

  /**
   * A vote counted or taken back: the moderators' count, gathered with the moment's others; everyone's stored count,
   * read when the audience's moment comes.
   */
  questionVoted(sessionId: string, id: number, votes: number): void {
    this.votesToStaff.add(sessionId, { id, votes });
    this.toAudience.add(sessionId, { voted: id });
  }

  /** The session was deleted or made inactive: its audience leaves the room with this event. */
  sessionEnded(sessionId: string): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { session_id: sessionId };
    // Questions still gathered go first: the audience sees them before the session's end; counts no longer matter.
    const questions = questionsIn(this.toAudience.take(sessionId));
    this.live.send({ namespace: 'staff', room, event: 'session:ended', payload });
    this.toAudienceInOrder(sessionId, [
      ...questionList(room, questions),
      { namespace: 'audience', room, event: 'session:ended', payload },
    ]);
  }

  /** A moment's questions and counts, sent together once the counts are read (the questions alone if that fails). */
  private tellAudience(sessionId: string, changes: AudienceChange[]): void {
    const room = liveRooms.qna(sessionId);
    const questions = questionList(room, questionsIn(changes));
    const voted = [...new Set(changes.flatMap((change) => ('voted' in change ? [change.voted] : [])))];
    if (!voted.length) return this.toAudienceInOrder(sessionId, questions);
    this.toAudienceInOrder(
      sessionId,
      this.countsOf(voted).then(
        (votes) => [...questions, ...countEvents(sessionId, room, votes)],
        (error: unknown) => {
          this.log.warn({ err: error, sessionId }, 'vote counts not pushed');
          return questions;
        },
      ),
    );
  }

  /**
   * Sends a session's events for its audience after those still waiting for their counts, so that its phones see
   * changes in the order they were made (a question deleted after it went live stays deleted); at once otherwise.
   */
  private toAudienceInOrder(sessionId: string, events: LiveEvent[] | Promise<LiveEvent[]>): void {
    const before = this.audienceInFlight.get(sessionId);
    if (!before && Array.isArray(events)) return this.live.send(...events);
    const sent = Promise.all([before, events]).then(([, ready]) => this.live.send(...ready));
    this.audienceInFlight.set(sessionId, sent);
    void sent.then(() => {
      if (this.audienceInFlight.get(sessionId) === sent) this.audienceInFlight.delete(sessionId);
    });
  }

  private sendToStaff(sessionId: string, votes: VoteCounts): void {
    const payload = { votes, session_id: sessionId };
    this.live.send({ namespace: 'staff', room: liveRooms.qna(sessionId), event: 'questions:votes', payload });
  }
}

const questionsIn = (changes: AudienceChange[]) =>
  changes.flatMap((change) => ('question' in change ? [change.question] : []));

/** The newest of a moment's questions for the audience; none if none went live. */
const questionList = (room: string, questions: AudienceQuestion[]): LiveEvent[] =>
  questions.length
    ? [
        {
          namespace: 'audience',
          room,
          event: 'questions:created',
          payload: questions.slice(-AUDIENCE_RECENT_QUESTIONS),
        },
      ]
    : [];

/** Stored counts: to everyone on the session. */
function countEvents(sessionId: string, room: string, votes: VoteCounts): LiveEvent[] {
  if (!votes.length) return [];
  return [
    { namespace: 'staff', room, event: 'questions:votes', payload: { votes, session_id: sessionId } },
    { namespace: 'audience', room, event: 'questions:votes', payload: votes },
  ];
}

/** Picked field by field, so a field added to questions later never reaches the audience by accident. */
function toAudienceQuestion(question: Omit<StaffQuestion, 'flagged'>): AudienceQuestion {
  return {
    id: question.id,
    text: question.text,
    category: question.category,
    name: question.name,
    created_at: question.created_at,
    timestamp: question.timestamp,
    votes: question.votes,
    answered: question.status === 'answered',
  };
}

const isLive = (question: StaffQuestion) => question.status !== 'pending' && question.status !== 'dismissed';
