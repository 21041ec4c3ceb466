import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { qnaQuestions, qnaSessions } from '../../db/schema.js';

export type SessionRow = typeof qnaSessions.$inferSelect;
export type QuestionRow = typeof qnaQuestions.$inferSelect;
export type NewQuestion = Pick<typeof qnaQuestions.$inferInsert, 'text' | 'category' | 'name'>;
export type AddQuestionOutcome =
  { outcome: 'added'; question: QuestionRow } | { outcome: 'missing' } | { outcome: 'full'; limit: number };

export class QnaRepository {
  constructor(private readonly db: Database) {}

  async activeSession(id: string): Promise<SessionRow | undefined> {
    const [session] = await this.db
      .select()
      .from(qnaSessions)
      .where(and(eq(qnaSessions.id, id), eq(qnaSessions.isActive, true)));
    return session;
  }

  questions(sessionId: string): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(qnaQuestions)
      .where(eq(qnaQuestions.sessionId, sessionId))
      .orderBy(desc(qnaQuestions.createdAt), desc(qnaQuestions.id));
  }

  /**
   * Adds a question unless the session is full. The session row stays locked
   * from the count to the insert, so parallel submits cannot overshoot the limit.
   */
  addQuestion(sessionId: string, question: NewQuestion): Promise<AddQuestionOutcome> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .select({ maxQuestions: qnaSessions.maxQuestions })
        .from(qnaSessions)
        .where(and(eq(qnaSessions.id, sessionId), eq(qnaSessions.isActive, true)))
        .for('update');
      if (!session) return { outcome: 'missing' };
      const [asked] = await tx
        .select({ total: count() })
        .from(qnaQuestions)
        .where(eq(qnaQuestions.sessionId, sessionId));
      if ((asked?.total ?? 0) >= session.maxQuestions) return { outcome: 'full', limit: session.maxQuestions };
      const [created] = await tx
        .insert(qnaQuestions)
        .values({ ...question, sessionId })
        .returning();
      return { outcome: 'added', question: created! };
    });
  }
}
