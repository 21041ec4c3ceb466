import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { qnaQuestions, qnaSessions } from '../../db/schema.js';

export type SessionRow = typeof qnaSessions.$inferSelect;
export type QuestionRow = typeof qnaQuestions.$inferSelect;
export type NewQuestion = Pick<typeof qnaQuestions.$inferInsert, 'text' | 'category' | 'name'>;
export type SessionValues = Pick<
  typeof qnaSessions.$inferInsert,
  'title' | 'description' | 'type' | 'maxQuestions' | 'isActive'
>;
export interface SessionWithCount {
  session: SessionRow;
  questionCount: number;
}
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

  sessionsNewestFirst(): Promise<SessionWithCount[]> {
    return this.sessionsWithCount().orderBy(desc(qnaSessions.createdAt), desc(qnaSessions.id));
  }

  async session(id: string): Promise<SessionWithCount | undefined> {
    const [found] = await this.sessionsWithCount().where(eq(qnaSessions.id, id));
    return found;
  }

  async createSession(values: SessionValues): Promise<SessionRow> {
    const [created] = await this.db.insert(qnaSessions).values(values).returning();
    return created!;
  }

  async updateSession(id: string, values: SessionValues): Promise<SessionWithCount | undefined> {
    const [updated] = await this.db
      .update(qnaSessions)
      .set(values)
      .where(eq(qnaSessions.id, id))
      .returning({ id: qnaSessions.id });
    return updated && this.session(id);
  }

  /** Its questions go with it (ON DELETE CASCADE). False when there was no such session. */
  async deleteSession(id: string): Promise<boolean> {
    const deleted = await this.db.delete(qnaSessions).where(eq(qnaSessions.id, id)).returning({ id: qnaSessions.id });
    return deleted.length > 0;
  }

  /** Undefined when the question is not one of that session's. */
  async setQuestionStatus(sessionId: string, questionId: number, status: string): Promise<QuestionRow | undefined> {
    const [updated] = await this.db
      .update(qnaQuestions)
      .set({ status })
      .where(and(eq(qnaQuestions.id, questionId), eq(qnaQuestions.sessionId, sessionId)))
      .returning();
    return updated;
  }

  /** The session the question was in; undefined when there was no such question. */
  async deleteQuestion(id: number): Promise<{ sessionId: string } | undefined> {
    const [deleted] = await this.db
      .delete(qnaQuestions)
      .where(eq(qnaQuestions.id, id))
      .returning({ sessionId: qnaQuestions.sessionId });
    return deleted;
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

  private sessionsWithCount() {
    return this.db
      .select({
        session: qnaSessions,
        questionCount: this.db.$count(qnaQuestions, eq(qnaQuestions.sessionId, qnaSessions.id)),
      })
      .from(qnaSessions);
  }
}
