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
import type { Database } from '../../platform/database/client.js';
import { Gathered } from '../../platform/live/gathered.js';
import type { StaffAndAudienceRoom } from '../../platform/live/namespaces.js';
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

/** A Q&A session's events, to its moderators and its audience, once a change is committed. */
export class QnaLive {
  /**
   * New questions to each audience room: sent now, then what comes in the next AUDIENCE_BATCH_MS as one list of
   * the newest AUDIENCE_RECENT_QUESTIONS.
   */
  private readonly toAudience = new Gathered<AudienceQuestion>(AUDIENCE_BATCH_MS, (room, questions) =>
    this.live.send({
      namespace: 'audience',
      room,
      event: 'questions:created',
      payload: questions.slice(-AUDIENCE_RECENT_QUESTIONS),
    }),
  );
  /** Each session's votes to its moderators, gathered over STAFF_VOTES_BATCH_MS; a question's last count wins. */
  private readonly votesToStaff = new Gathered<{ id: number; votes: number }>(
    STAFF_VOTES_BATCH_MS,
    (sessionId, votes) => this.sendToStaff(sessionId, [...new Map(votes.map((vote) => [vote.id, vote])).values()]),
  );

  constructor(private readonly live: LivePublisher) {}

  /**
   * Moderators get each question at once; the audience in lists (see AUDIENCE_BATCH_MS), and only
   * once it is live: a question waiting for review reaches staff alone.
   */
  questionCreated(sessionId: string, question: StaffQuestion): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { ...question, session_id: sessionId };
    this.live.send({ namespace: 'staff', room, event: 'question:created', payload });
    if (isLive(question)) this.toAudience.add(room, toAudienceQuestion(question));
  }

  /** Staff approved a waiting question: the audience gets it as a new one. */
  questionApproved(sessionId: string, question: StaffQuestion): void {
    this.questionUpdated(sessionId, question);
    this.toAudience.add(liveRooms.qna(sessionId), toAudienceQuestion(question));
  }

  questionUpdated(sessionId: string, question: StaffQuestion): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { ...question, session_id: sessionId };
    this.live.send({ namespace: 'staff', room, event: 'question:updated', payload });
  }

  /** The audience sees a question answered, never its other statuses. */
  questionAnswered(sessionId: string, id: number, answered: boolean): void {
    this.live.send({
      namespace: 'audience',
      room: liveRooms.qna(sessionId),
      event: 'question:answered',
      payload: { id, answered },
    });
  }

  /** `wasLive`: only a question the audience was shown is taken off their screens. */
  questionDeleted(sessionId: string, id: number, wasLive: boolean): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    this.live.send({ namespace: 'staff', room, event: 'question:deleted', payload: { id, session_id: sessionId } });
    if (wasLive) this.live.send({ namespace: 'audience', room, event: 'question:deleted', payload: { id } });
  }

  /** A vote counted or taken back: the moderators' count, gathered with the moment's others. */
  questionVoted(sessionId: string, id: number, votes: number): void {
    this.votesToStaff.add(sessionId, { id, votes });
  }

  /** Counts gathered by the VoteTally: to everyone on the session. */
  voteCounts(sessionId: string, votes: VoteCounts): void {
    if (!votes.length) return;
    const room = liveRooms.qna(sessionId);
    this.live.send(
      { namespace: 'staff', room, event: 'questions:votes', payload: { votes, session_id: sessionId } },
      { namespace: 'audience', room, event: 'questions:votes', payload: votes },
    );
  }

  /** The session was deleted or made inactive: its audience leaves the room with this event. */
  sessionEnded(sessionId: string): void {
    this.live.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { session_id: sessionId };
    // Questions still gathered go first: the audience sees them before the session's end.
    this.toAudience.flush(room);
    this.live.send(
      { namespace: 'staff', room, event: 'session:ended', payload },
      { namespace: 'audience', room, event: 'session:ended', payload },
    );
  }

  private sendToStaff(sessionId: string, votes: VoteCounts): void {
    const payload = { votes, session_id: sessionId };
    this.live.send({ namespace: 'staff', room: liveRooms.qna(sessionId), event: 'questions:votes', payload });
  }
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
