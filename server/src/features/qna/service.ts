import {
  AUDIENCE_LIST_QUESTIONS,
  type PublicQuestion,
  type PublicSession,
  type QnaModeration,
  type QnaSession,
  type QnaSessionForm,
  type QuestionStatus,
  type QuestionSubmission,
  type StaffQuestion,
} from '@gather/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../platform/errors.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import type { AudienceShares } from './audience-shares.js';
import { QnaLive } from './live.js';
import type {
  QnaRepository,
  QuestionRow,
  SessionRow,
  SessionValues,
  SessionWithPending,
  VisibleQuestionRow,
} from './repository.js';
import { VoteCasting } from './vote-casting.js';
import { VoteRepository, type VoteOutcome } from './vote-repository.js';
import type { WordFilter } from './word-filter.js';

const HELD_STATUSES = ['pending', 'dismissed'];

/** Who asks or votes: their phone's device id and their address. */
export interface Visitor {
  deviceId: string;
  address: string;
}

/** Every change is pushed to the pages open on the session once it is committed. */
export class QnaService {
  private readonly live: QnaLive;
  private readonly casting: VoteCasting;

  constructor(
    private readonly questions: QnaRepository,
    live: LivePublisher,
    private readonly filter: WordFilter,
    private readonly votes: VoteRepository,
    private readonly shares: AudienceShares,
    log: Logger,
  ) {
    this.live = new QnaLive(live, (ids) => votes.counts(ids), log);
    this.casting = new VoteCasting(votes, shares);
  }

  async publicSession(id: string): Promise<PublicSession> {
    return toPublicSession(await this.activeSession(id));
  }

  /** The live questions, and the device's own that wait for review (a dismissed one still looks waiting to its asker). */
  async publicQuestions(sessionId: string, deviceId: string): Promise<PublicQuestion[]> {
    await this.activeSession(sessionId);
    return (await this.questions.visibleQuestions(sessionId, deviceId, AUDIENCE_LIST_QUESTIONS)).map(toPublicQuestion);
  }

  async staffQuestions(sessionId: string): Promise<StaffQuestion[]> {
    if (!(await this.questions.session(sessionId))) throw AppError.notFound();
    return (await this.questions.questions(sessionId)).map(toStaffQuestion);
  }

  /** In `filter` mode a question the word filter catches waits for review; in `review` mode every one does. */
  async submit(sessionId: string, submission: QuestionSubmission, asker: Visitor): Promise<PublicQuestion> {
    const place = await this.shares.takeQuestion(sessionId, asker.deviceId, asker.address);
    const result = await place.keptIf(
      this.questions.addQuestion(sessionId, ({ moderation, filterWords }) => {
        const flagged = this.filter.catches([submission.text, submission.name], filterWords);
        const held = moderation === 'review' || (moderation === 'filter' && flagged);
        return { ...submission, status: held ? 'pending' : 'new', deviceId: asker.deviceId, flagged };
      }),
    );
    if (result.outcome !== 'added') await place.giveBack();
    if (result.outcome === 'missing') throw AppError.notFound();
    if (result.outcome === 'full') {
      throw AppError.badRequest(`This session has reached its limit of ${result.limit} questions.`);
    }
    this.live.questionCreated(sessionId, toStaffQuestion(result.question));
    return toPublicQuestion({ ...result.question, voted: false });
  }

  /** One vote per device: voting again changes nothing, and answers the same. */
  async vote(sessionId: string, questionId: number, voter: Visitor): Promise<PublicQuestion> {
    return this.afterVote(sessionId, await this.casting.cast({ sessionId, questionId, ...voter }));
  }

  async withdrawVote(sessionId: string, questionId: number, voter: Visitor): Promise<PublicQuestion> {
    const outcome = await this.votes.withdraw(sessionId, questionId, voter.deviceId);
    if (outcome?.changed) await this.shares.voteWithdrawn(questionId, voter.address);
    return this.afterVote(sessionId, outcome);
  }

  /** Approving a question that is already live changes nothing. */
  async approve(id: number): Promise<StaffQuestion> {
    const approved = await this.questions.moveQuestion(id, HELD_STATUSES, 'new');
    if (!approved) return toStaffQuestion(await this.existingQuestion(id));
    const question = toStaffQuestion(approved);
    this.live.questionApproved(approved.sessionId, question);
    return question;
  }

  /** Only a waiting question is dismissed (a live one is deleted); the asker is not told. */
  async dismiss(id: number): Promise<StaffQuestion> {
    const dismissed = await this.questions.moveQuestion(id, ['pending'], 'dismissed');
    if (!dismissed) {
      const question = await this.existingQuestion(id);
      if (question.status === 'dismissed') return toStaffQuestion(question);
      throw AppError.badRequest('Only a question waiting for approval can be dismissed.');
    }
    const question = toStaffQuestion(dismissed);
    this.live.questionUpdated(dismissed.sessionId, question);
    return question;
  }

  async sessions(): Promise<QnaSession[]> {
    return (await this.questions.sessionsNewestFirst()).map(toQnaSession);
  }

  async createSession(form: QnaSessionForm): Promise<QnaSession> {
    const session = await this.questions.createSession(toSessionValues(form));
    return toQnaSession({ ...session, pendingCount: 0 });
  }

  async updateSession(id: string, form: QnaSessionForm): Promise<QnaSession> {
    const updated = await this.questions.updateSession(id, toSessionValues(form));
    if (!updated) throw AppError.notFound();
    if (!updated.isActive) this.live.sessionEnded(id);
    return toQnaSession({ ...updated, pendingCount: await this.questions.pendingCount(id) });
  }

  /** Ending a session removes it and its questions for good. */
  async deleteSession(id: string): Promise<void> {
    if (!(await this.questions.deleteSession(id))) throw AppError.notFound();
    this.live.sessionEnded(id);
  }

  async setQuestionStatus(sessionId: string, questionId: number, status: QuestionStatus): Promise<StaffQuestion> {
    const question = await this.questions.setQuestionStatus(sessionId, questionId, status);
    if (!question) throw AppError.notFound();
    const answer = toStaffQuestion(question);
    this.live.questionUpdated(sessionId, answer);
    const answered = status === 'answered';
    if (answered !== (question.previousStatus === 'answered'))
      this.live.questionAnswered(sessionId, questionId, answered);
    return answer;
  }

  async deleteQuestion(id: number): Promise<void> {
    const deleted = await this.questions.deleteQuestion(id);
    if (!deleted) throw AppError.notFound();
    this.live.questionDeleted(deleted.sessionId, id, !HELD_STATUSES.includes(deleted.status));
  }

  private afterVote(sessionId: string, outcome: VoteOutcome | undefined): PublicQuestion {
    if (!outcome) throw AppError.notFound();
    if (outcome.changed) {
      this.live.questionVoted(sessionId, outcome.id, outcome.votes);
    }
    return toPublicQuestion(outcome);
  }

  private async activeSession(id: string): Promise<SessionRow> {
    const session = await this.questions.activeSession(id);
    if (!session) throw AppError.notFound();
    return session;
  }

  private async existingQuestion(id: number): Promise<QuestionRow> {
    const question = await this.questions.question(id);
    if (!question) throw AppError.notFound();
    return question;
  }
}

function toPublicSession(session: SessionRow): PublicSession {
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    type: session.type as PublicSession['type'],
    is_active: session.isActive,
    max_questions: session.maxQuestions,
  };
}

function toQnaSession(session: SessionWithPending): QnaSession {
  return {
    ...toPublicSession(session),
    created_at: session.createdAt.toISOString(),
    question_count: session.questionCount,
    moderation: session.moderation as QnaModeration,
    filter_words: session.filterWords,
    pending_count: session.pendingCount,
  };
}

function toSessionValues(form: QnaSessionForm): SessionValues {
  return {
    title: form.title,
    description: form.description,
    type: form.type,
    maxQuestions: form.max_questions,
    isActive: form.is_active,
    moderation: form.moderation,
    filterWords: form.filter_words,
  };
}

/** Picked field by field: the asker's device and the filter's verdict are never shown to visitors. */
function toPublicQuestion(question: VisibleQuestionRow): PublicQuestion {
  const createdAt = question.createdAt.toISOString();
  return {
    id: question.id,
    text: question.text,
    category: question.category as PublicQuestion['category'],
    name: question.name,
    // An asker is never told their question was dismissed: to them it still waits.
    status: (question.status === 'dismissed' ? 'pending' : question.status) as PublicQuestion['status'],
    created_at: createdAt,
    timestamp: createdAt,
    votes: question.votes,
    voted: question.voted,
  };
}

function toStaffQuestion(question: QuestionRow): StaffQuestion {
  const { voted: _voted, ...shown } = toPublicQuestion({ ...question, voted: false });
  return { ...shown, status: question.status as StaffQuestion['status'], flagged: question.flagged };
}
