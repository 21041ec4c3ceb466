import { and, desc, eq, getTableColumns, inArray, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from '../../platform/database/client.js';
import { PreparedStatement } from '../../platform/database/prepared.js';
import { qnaQuestions, qnaSessions } from '../../platform/database/schema/qna.js';
import { questionColumns, type QuestionRow } from './question-columns.js';

export type { QuestionRow } from './question-columns.js';
export type SessionRow = typeof qnaSessions.$inferSelect;
/** A question as one device sees it: with whether that device voted for it. */
export type VisibleQuestionRow = QuestionRow & { voted: boolean };
type StoredQuestion = Omit<QuestionRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
export type NewQuestion = Required<
  Pick<typeof qnaQuestions.$inferInsert, 'text' | 'category' | 'name' | 'status' | 'deviceId' | 'flagged'>
>;
export type SessionValues = Pick<
  typeof qnaSessions.$inferInsert,
  'title' | 'description' | 'type' | 'maxQuestions' | 'isActive' | 'moderation' | 'filterWords'
>;
export type SessionWithPending = SessionRow & { pendingCount: number };
/** What decides whether a new question waits for review: read as its place is taken, so with no read of its own. */
export type SessionModeration = Pick<SessionRow, 'moderation' | 'filterWords'>;

/** Statuses of questions only staff see (see QUESTION_REVIEW_STATUSES). */
const HIDDEN = ['pending', 'dismissed'];
const isLive = not(inArray(qnaQuestions.status, HIDDEN));
const pendingCount = sql<number>`(SELECT count(*)::int FROM qna_questions
  WHERE qna_questions.session_id = qna_sessions.id AND qna_questions.status = 'pending')`;
const votedBy = (deviceId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM qna_votes
    WHERE qna_votes.question_id = qna_questions.id AND qna_votes.device_id = ${deviceId})`;
export type AddQuestionOutcome =
  { outcome: 'added'; question: QuestionRow } | { outcome: 'missing' } | { outcome: 'full'; limit: number };

/**
 * A question's place below its session's limit, taken in one statement that also reads what decides whether it waits
 * for review. Prepared, like a vote: at a sermon's Q&A dozens a second are asked.
 */
const TAKE_QUESTION_PLACE = new PreparedStatement<{ sessionId: string }>(
  'qna-question-place',
  sql`
    WITH unhurried AS (SELECT set_config('synchronous_commit', 'off', true))
    UPDATE qna_sessions SET question_count = question_count + 1
    WHERE id = ${sql.placeholder('sessionId')} AND is_active AND question_count < max_questions
      AND EXISTS (SELECT FROM unhurried)
    RETURNING moderation, filter_words AS "filterWords"`,
);
const STORE_QUESTION = new PreparedStatement<NewQuestion & { sessionId: string }>(
  'qna-question-store',
  sql`
    INSERT INTO qna_questions (session_id, text, category, name, status, device_id, flagged)
    SELECT id, ${sql.placeholder('text')}, ${sql.placeholder('category')}, ${sql.placeholder('name')},
      ${sql.placeholder('status')}, ${sql.placeholder('deviceId')}, ${sql.placeholder('flagged')}
    FROM qna_sessions WHERE id = ${sql.placeholder('sessionId')} AND is_active
    RETURNING id, session_id AS "sessionId", text, category, name, status, 0 AS votes,
      device_id AS "deviceId", flagged, created_at AS "createdAt", updated_at AS "updatedAt"`,
);

export class QnaRepository {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
  ) {}

  async activeSession(id: string): Promise<SessionRow | undefined> {
    const [session] = await this.db
      .select()
      .from(qnaSessions)
      .where(and(eq(qnaSessions.id, id), eq(qnaSessions.isActive, true)));
    return session;
  }

  sessionsNewestFirst(): Promise<SessionWithPending[]> {
    return this.db
      .select({ ...getTableColumns(qnaSessions), pendingCount })
      .from(qnaSessions)
      .orderBy(desc(qnaSessions.createdAt), desc(qnaSessions.id));
  }

  async pendingCount(sessionId: string): Promise<number> {
    const [row] = await this.db.select({ pendingCount }).from(qnaSessions).where(eq(qnaSessions.id, sessionId));
    return row?.pendingCount ?? 0;
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

  /**
   * The question with its status before, so the audience hears only of a change to or from
   * answered. Undefined when it is not a live one of that session's (a waiting one is approved first).
   */
  async setQuestionStatus(
    sessionId: string,
    questionId: number,
    status: string,
  ): Promise<(QuestionRow & { previousStatus: string }) | undefined> {
    const before = alias(qnaQuestions, 'before');
    const [updated] = await this.db
      .update(qnaQuestions)
      .set({ status })
      .from(before)
      .where(
        and(
          eq(qnaQuestions.id, questionId),
          eq(qnaQuestions.sessionId, sessionId),
          isLive,
          eq(before.id, qnaQuestions.id),
        ),
      )
      .returning({ ...questionColumns, previousStatus: before.status });
    return updated;
  }

  /** Moves a question from one of `from` to `to`; undefined when it was in none of them. */
  async moveQuestion(id: number, from: string[], to: string): Promise<QuestionRow | undefined> {
    const [moved] = await this.db
      .update(qnaQuestions)
      .set({ status: to })
      .where(and(eq(qnaQuestions.id, id), inArray(qnaQuestions.status, from)))
      .returning(questionColumns);
    return moved;
  }

  async question(id: number): Promise<QuestionRow | undefined> {
    const [found] = await this.db.select(questionColumns).from(qnaQuestions).where(eq(qnaQuestions.id, id));
    return found;
  }

  /** The session the question was in and its status then; undefined when there was no such question. */
  async deleteQuestion(id: number): Promise<{ sessionId: string; status: string } | undefined> {
    const { rows } = await this.db.execute<{ sessionId: string; status: string }>(sql`
      WITH deleted AS (DELETE FROM qna_questions WHERE id = ${id} RETURNING session_id, status)
      UPDATE qna_sessions SET question_count = question_count - 1
      FROM deleted WHERE qna_sessions.id = deleted.session_id
      RETURNING qna_sessions.id AS "sessionId", deleted.status`);
    return rows[0];
  }

  /** Every question of the session, waiting and dismissed ones too, newest first: what staff see. */
  questions(sessionId: string): Promise<QuestionRow[]> {
    return this.db
      .select(questionColumns)
      .from(qnaQuestions)
      .where(eq(qnaQuestions.sessionId, sessionId))
      .orderBy(desc(qnaQuestions.createdAt), desc(qnaQuestions.id));
  }

  /**
   * What a phone's list holds, newest first: the `each` newest live questions, the `each` with most votes, and the
   * device's own that wait for review or were dismissed (which still look waiting to their asker). Bounded whatever
   * the session's size, so a page costs the same at question 10 and at question 10,000.
   */
  visibleQuestions(sessionId: string, deviceId: string, each: number): Promise<VisibleQuestionRow[]> {
    const shown = sql`(
      (SELECT id FROM qna_questions WHERE session_id = ${sessionId} AND status NOT IN ('pending', 'dismissed')
        ORDER BY created_at DESC, id DESC LIMIT ${each})
      UNION
      (SELECT q.id FROM qna_questions q LEFT JOIN qna_votes v ON v.question_id = q.id
        WHERE q.session_id = ${sessionId} AND q.status NOT IN ('pending', 'dismissed')
        GROUP BY q.id ORDER BY count(v.question_id) DESC, q.created_at, q.id LIMIT ${each})
      UNION
      (SELECT id FROM qna_questions WHERE session_id = ${sessionId} AND device_id = ${deviceId}
        AND status IN ('pending', 'dismissed') ORDER BY created_at DESC LIMIT ${each}))`;
    return this.db
      .select({ ...questionColumns, voted: votedBy(deviceId) })
      .from(qnaQuestions)
      .where(inArray(qnaQuestions.id, shown))
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
   * be stored gives its place back. Taking the place reads the session's moderation, from which `question`
   * makes the row: a submit needs no read of the session of its own.
   */
  async addQuestion(
    sessionId: string,
    question: (session: SessionModeration) => NewQuestion,
  ): Promise<AddQuestionOutcome> {
    const { rows: taken } = await this.pool.query<SessionModeration>(TAKE_QUESTION_PLACE.with({ sessionId }));
    const [session] = taken;
    if (!session) {
      const existing = await this.activeSession(sessionId);
      return existing ? { outcome: 'full', limit: existing.maxQuestions } : { outcome: 'missing' };
    }
    // Made inside the promise, so a row that cannot be made gives the place back too.
    const storing = Promise.resolve().then(() => this.storeQuestion(sessionId, question(session)));
    const stored = await storing.catch(async (error: unknown) => {
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
    const { rows } = await this.pool.query<StoredQuestion>(STORE_QUESTION.with({ sessionId, ...question }));
    const [stored] = rows;
    // A raw statement's timestamps come as PostgreSQL writes them, which Date reads as drizzle does.
    return stored && { ...stored, createdAt: new Date(stored.createdAt), updatedAt: new Date(stored.updatedAt) };
  }

  private async givePlaceBack(sessionId: string): Promise<void> {
    await this.db.execute(sql`UPDATE qna_sessions SET question_count = question_count - 1 WHERE id = ${sessionId}`);
  }
}
