import type {
  PublicQuestion,
  PublicSession,
  QnaSession,
  QnaSessionForm,
  QuestionStatus,
  QuestionSubmission,
} from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import type { QnaRepository, QuestionRow, SessionRow, SessionValues, SessionWithCount } from './repository.js';

export class QnaService {
  constructor(private readonly questions: QnaRepository) {}

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
    return toPublicQuestion(result.question);
  }

  async sessions(): Promise<QnaSession[]> {
    return (await this.questions.sessionsNewestFirst()).map(toQnaSession);
  }

  async createSession(form: QnaSessionForm): Promise<QnaSession> {
    const session = await this.questions.createSession(toSessionValues(form));
    return toQnaSession({ session, questionCount: 0 });
  }

  async updateSession(id: string, form: QnaSessionForm): Promise<QnaSession> {
    const updated = await this.questions.updateSession(id, toSessionValues(form));
    if (!updated) throw AppError.notFound();
    return toQnaSession(updated);
  }

  /** Ending a session removes it and its questions for good. */
  async deleteSession(id: string): Promise<void> {
    if (!(await this.questions.deleteSession(id))) throw AppError.notFound();
  }

  async setQuestionStatus(sessionId: string, questionId: number, status: QuestionStatus): Promise<PublicQuestion> {
    const question = await this.questions.setQuestionStatus(sessionId, questionId, status);
    if (!question) throw AppError.notFound();
    return toPublicQuestion(question);
  }

  async deleteQuestion(id: number): Promise<void> {
    if (!(await this.questions.deleteQuestion(id))) throw AppError.notFound();
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

function toQnaSession({ session, questionCount }: SessionWithCount): QnaSession {
  return {
    ...toPublicSession(session),
    created_at: session.createdAt.toISOString(),
    question_count: questionCount,
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
