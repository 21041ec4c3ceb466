import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { qnaQuestions, qnaSessions } from '../../db/schema.js';

export type SessionRow = typeof qnaSessions.$inferSelect;
export type QuestionRow = typeof qnaQuestions.$inferSelect;
type StoredQuestion = Omit<QuestionRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
export type NewQuestion = Required<Pick<typeof qnaQuestions.$inferInsert, 'text' | 'category' | 'name'>>;
export type SessionValues = Pick<
  typeof qnaSessions.$inferInsert,
  'title' | 'description' | 'type' | 'maxQuestions' | 'isActive'
>;
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

  sessionsNewestFirst(): Promise<SessionRow[]> {
    return this.db.select().from(qnaSessions).orderBy(desc(qnaSessions.createdAt), desc(qnaSessions.id));
  }

  async session(id: string): Promise<SessionRow | undefined> {
    const [found] = await this.db.select().from(qnaSessions).where(eq(qnaSessions.id, id));
    return found;
  }

  async createSession(values: SessionValues): Promise<SessionRow> {
    const [created] = await this.db.insert(qnaSessions).values(values).returning();
    return created!;
  }

  async updateSession(id: string, values: SessionValues): Promise<SessionRow | undefined> {
    const [updated] = await this.db.update(qnaSessions).set(values).where(eq(qnaSessions.id, id)).returning();
    return updated;
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
    const { rows } = await this.db.execute<{ sessionId: string }>(sql`
      WITH deleted AS (DELETE FROM qna_questions WHERE id = ${id} RETURNING session_id)
      UPDATE qna_sessions SET question_count = question_count - 1
      FROM deleted WHERE qna_sessions.id = deleted.session_id
      RETURNING qna_sessions.id AS "sessionId"`);
    return rows[0];
  }

  questions(sessionId: string): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(qnaQuestions)
      .where(eq(qnaQuestions.sessionId, sessionId))
      .orderBy(desc(qnaQuestions.createdAt), desc(qnaQuestions.id));
  }

  /**
   * A question first takes a place below the session's limit, then is stored. The limit holds
   * exactly however many arrive at once (an UPDATE re-checks its condition on the row's latest
   * version), and the session row is held only while the place is taken: that short transaction does
   * not wait for the disk (asynchronous commit), so submits to one session do not queue behind each
   * other's disk flushes, and during a busy Q&A the questions' own commits are flushed together.
   * Storing the question commits as usual, so a question the visitor is told about is kept; its
   * flush makes the place durable too, as that comes earlier in the log. A question that could not
   * be stored gives its place back.
   */
  async addQuestion(sessionId: string, question: NewQuestion): Promise<AddQuestionOutcome> {
    const { rows: taken } = await this.db.execute(sql`
      WITH unhurried AS (SELECT set_config('synchronous_commit', 'off', true))
      UPDATE qna_sessions SET question_count = question_count + 1
      WHERE id = ${sessionId} AND is_active AND question_count < max_questions AND EXISTS (SELECT FROM unhurried)
      RETURNING id`);
    if (taken.length === 0) {
      const session = await this.activeSession(sessionId);
      return session ? { outcome: 'full', limit: session.maxQuestions } : { outcome: 'missing' };
    }
    const stored = await this.storeQuestion(sessionId, question).catch(async (error: unknown) => {
      await this.givePlaceBack(sessionId).catch(() => undefined);
      throw error;
    });
    if (!stored) {
      // The session was closed or deleted in between.
      await this.givePlaceBack(sessionId);
      return { outcome: 'missing' };
    }
    return { outcome: 'added', question: stored };
  }

  private async storeQuestion(sessionId: string, question: NewQuestion): Promise<QuestionRow | undefined> {
    const { rows } = await this.db.execute<StoredQuestion>(sql`
      INSERT INTO qna_questions (session_id, text, category, name)
      SELECT id, ${question.text}, ${question.category}, ${question.name} FROM qna_sessions
      WHERE id = ${sessionId} AND is_active
      RETURNING id, session_id AS "sessionId", text, category, name, status,
        created_at AS "createdAt", updated_at AS "updatedAt"`);
    const [stored] = rows;
    // A raw statement's timestamps come as PostgreSQL writes them, which Date reads as drizzle does.
    return stored && { ...stored, createdAt: new Date(stored.createdAt), updatedAt: new Date(stored.updatedAt) };
  }

  private async givePlaceBack(sessionId: string): Promise<void> {
    await this.db.execute(sql`UPDATE qna_sessions SET question_count = question_count - 1 WHERE id = ${sessionId}`);
  }
}
