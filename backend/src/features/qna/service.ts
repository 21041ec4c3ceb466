import type {
  PublicQuestion,
  PublicSession,
  QnaSession,
  QnaSessionForm,
  QuestionStatus,
  QuestionSubmission,
} from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import type { LivePublisher } from '../../live/publisher.js';
import type { QnaRepository, QuestionRow, SessionRow, SessionValues } from './repository.js';

/** Every change is pushed to the pages open on the session once it is committed. */
export class QnaService {
  constructor(
    private readonly questions: QnaRepository,
    private readonly live: LivePublisher,
  ) {}

  async publicSession(id: string): Promise<PublicSession> {
    return toPublicSession(await this.activeSession(id));
  }

  async publicQuestions(sessionId: string): Promise<PublicQuestion[]> {
    await this.activeSession(sessionId);
    return (await this.questions.questions(sessionId)).map(toPublicQuestion);
  }

  async submit(sessionId: string, submission: QuestionSubmission): Promise<PublicQuestion> {
    const result = await this.questions.addQuestion(sessionId, submission);
    if (result.outcome === 'missing') throw AppError.notFound();
    if (result.outcome === 'full') {
      throw AppError.badRequest(`This session has reached its limit of ${result.limit} questions.`);
    }
    const question = toPublicQuestion(result.question);
    this.live.questionCreated(sessionId, question);
    return question;
  }

  /** Staff follow a session while it exists (they still manage an inactive one); its audience only while it is active. */
  async canFollow(sessionId: string, as: 'staff' | 'audience'): Promise<boolean> {
    const session =
      as === 'staff' ? await this.questions.session(sessionId) : await this.questions.activeSession(sessionId);
    return session !== undefined;
  }

  async sessions(): Promise<QnaSession[]> {
    return (await this.questions.sessionsNewestFirst()).map(toQnaSession);
  }

  async createSession(form: QnaSessionForm): Promise<QnaSession> {
    const session = await this.questions.createSession(toSessionValues(form));
    return toQnaSession(session);
  }

  async updateSession(id: string, form: QnaSessionForm): Promise<QnaSession> {
    const updated = await this.questions.updateSession(id, toSessionValues(form));
    if (!updated) throw AppError.notFound();
    if (!updated.isActive) this.live.sessionEnded(id);
    return toQnaSession(updated);
  }

  /** Ending a session removes it and its questions for good. */
  async deleteSession(id: string): Promise<void> {
    if (!(await this.questions.deleteSession(id))) throw AppError.notFound();
    this.live.sessionEnded(id);
  }

  async setQuestionStatus(sessionId: string, questionId: number, status: QuestionStatus): Promise<PublicQuestion> {
    const question = await this.questions.setQuestionStatus(sessionId, questionId, status);
    if (!question) throw AppError.notFound();
    const answer = toPublicQuestion(question);
    this.live.questionUpdated(sessionId, answer);
    return answer;
  }

  async deleteQuestion(id: number): Promise<void> {
    const deleted = await this.questions.deleteQuestion(id);
    if (!deleted) throw AppError.notFound();
    this.live.questionDeleted(deleted.sessionId, id);
  }

  private async activeSession(id: string): Promise<SessionRow> {
    const session = await this.questions.activeSession(id);
    if (!session) throw AppError.notFound();
    return session;
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

function toQnaSession(session: SessionRow): QnaSession {
  return {
    ...toPublicSession(session),
    created_at: session.createdAt.toISOString(),
    question_count: session.questionCount,
  };
}

function toSessionValues(form: QnaSessionForm): SessionValues {
  return {
    title: form.title,
    description: form.description,
    type: form.type,
    maxQuestions: form.max_questions,
    isActive: form.is_active,
  };
}

function toPublicQuestion(question: QuestionRow): PublicQuestion {
  const createdAt = question.createdAt.toISOString();
  return {
    id: question.id,
    text: question.text,
    category: question.category as PublicQuestion['category'],
    name: question.name,
    status: question.status as PublicQuestion['status'],
    created_at: createdAt,
    timestamp: createdAt,
  };
}
