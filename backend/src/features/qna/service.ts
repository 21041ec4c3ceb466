import type { PublicQuestion, PublicSession, QuestionSubmission } from '@gather/contracts';
import { AppError } from '../../http/errors.js';
import type { QnaRepository, QuestionRow, SessionRow } from './repository.js';

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
