import {
  AUDIENCE_BATCH_MS,
  AUDIENCE_RECENT_QUESTIONS,
  liveRooms,
  type AudienceQuestion,
  type StaffQuestion,
  type VoteCounts,
} from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';
import type { StaffAndAudienceRoom } from '../../platform/live/namespaces.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import { QnaRepository } from './repository.js';

/** Staff follow a session while it exists (they still manage an inactive one); its audience only while it is active. */
export function qnaRooms(db: Database): StaffAndAudienceRoom {
  const questions = new QnaRepository(db);
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
  /** Audience rooms that were sent questions less than AUDIENCE_BATCH_MS ago, with those waiting since. */
  private readonly audienceWaiting = new Map<string, AudienceQuestion[]>();

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
    if (isLive(question)) this.questionToAudience(room, question);
  }

  /** Staff approved a waiting question: the audience gets it as a new one. */
  questionApproved(sessionId: string, question: StaffQuestion): void {
    this.questionUpdated(sessionId, question);
    this.questionToAudience(liveRooms.qna(sessionId), question);
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

  /** A vote counted or taken back: the moderators' count at once. */
  questionVoted(sessionId: string, id: number, votes: number): void {
    const payload = { id, votes, session_id: sessionId };
    this.live.send({ namespace: 'staff', room: liveRooms.qna(sessionId), event: 'question:voted', payload });
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
    const waiting = this.audienceWaiting.get(room);
    // Questions still gathered go first: the audience sees them before the session's end.
    if (waiting?.length) this.sendQuestionList(room, waiting.splice(0));
    this.live.send(
      { namespace: 'staff', room, event: 'session:ended', payload },
      { namespace: 'audience', room, event: 'session:ended', payload },
    );
  }

  private questionToAudience(room: string, question: StaffQuestion): void {
    const waiting = this.audienceWaiting.get(room);
    if (waiting) waiting.push(toAudienceQuestion(question));
    else this.sendToAudience(room, [toAudienceQuestion(question)]);
  }

  /**
   * Sends now, then gathers what comes in the next AUDIENCE_BATCH_MS and sends that (and so on) as
   * one list of the newest AUDIENCE_RECENT_QUESTIONS: all the public page shows.
   */
  private sendToAudience(room: string, questions: AudienceQuestion[]): void {
    this.sendQuestionList(room, questions);
    const waiting: AudienceQuestion[] = [];
    this.audienceWaiting.set(room, waiting);
    setTimeout(() => {
      this.audienceWaiting.delete(room);
      if (waiting.length) this.sendToAudience(room, waiting);
    }, AUDIENCE_BATCH_MS).unref();
  }

  private sendQuestionList(room: string, questions: AudienceQuestion[]): void {
    const payload = questions.slice(-AUDIENCE_RECENT_QUESTIONS);
    this.live.send({ namespace: 'audience', room, event: 'questions:created', payload });
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
