import { and, inArray, not, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../platform/database/client.js';
import { PreparedStatement } from '../../platform/database/prepared.js';
import { qnaQuestions } from '../../platform/database/schema/qna.js';
import { votesOf, type QuestionRow } from './question-columns.js';

/** A question after a device's vote or its taking back: what the device sees, and whether anything changed. */
export type VoteOutcome = QuestionRow & { voted: boolean; changed: boolean };

const FOREIGN_KEY_VIOLATION = '23503';

/** A question that went live, in an active session, the only kind anyone may vote on. */
const votable = sql`
  SELECT q.id FROM qna_questions q JOIN qna_sessions s ON s.id = q.session_id
  WHERE q.id = ${sql.placeholder('questionId')} AND q.session_id = ${sql.placeholder('sessionId')} AND s.is_active
    AND q.status NOT IN ('pending', 'dismissed')`;

/** A device's vote added or taken back, answered with the question and its count after the change. */
function voteStatement(step: SQL, voted: boolean): SQL {
  const sign = sql.raw(voted ? '+' : '-');
  return sql`
    WITH target AS (${votable}), changed AS (${step})
    SELECT id, session_id AS "sessionId", text, category, name, status, device_id AS "deviceId", flagged,
      created_at AS "createdAt", updated_at AS "updatedAt", ${sql.raw(String(voted))} AS voted,
      ${votesOf} ${sign} (SELECT count(*)::int FROM changed) AS votes,
      EXISTS (SELECT FROM changed) AS changed
    FROM qna_questions WHERE id IN (SELECT id FROM target)`;
}

type VoteValues = { sessionId: string; questionId: number; deviceId: string };

/**
 * Prepared: at a sermon's Q&A these run hundreds of times a second, and PostgreSQL then plans each once per
 * connection while drizzle builds its text once (the Q&A votes bench).
 */
const CAST = new PreparedStatement<VoteValues>(
  'qna-vote-cast',
  voteStatement(
    sql`INSERT INTO qna_votes (question_id, device_id) SELECT id, ${sql.placeholder('deviceId')} FROM target
      ON CONFLICT DO NOTHING RETURNING question_id`,
    true,
  ),
);
const WITHDRAW = new PreparedStatement<VoteValues>(
  'qna-vote-withdraw',
  voteStatement(
    sql`DELETE FROM qna_votes WHERE device_id = ${sql.placeholder('deviceId')}
      AND question_id IN (SELECT id FROM target) RETURNING question_id`,
    false,
  ),
);

/**
 * A vote is one statement and one round trip: it adds or removes the device's row and answers the question
 * with its count. It locks no question row, so votes on a popular question never queue behind each other's
 * commits. The statement cannot see its own change in the count (one snapshot), so the change is added to it.
 */
export class VoteRepository {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
  ) {}

  /** Undefined when the question is not one to vote on (hidden, gone, or its session ended). */
  cast(sessionId: string, questionId: number, deviceId: string): Promise<VoteOutcome | undefined> {
    return this.change(CAST, { sessionId, questionId, deviceId });
  }

  withdraw(sessionId: string, questionId: number, deviceId: string): Promise<VoteOutcome | undefined> {
    return this.change(WITHDRAW, { sessionId, questionId, deviceId });
  }

  /** The current counts of these questions (those still live). */
  counts(ids: number[]): Promise<Array<{ id: number; votes: number }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: qnaQuestions.id, votes: votesOf })
      .from(qnaQuestions)
      .where(and(inArray(qnaQuestions.id, ids), not(inArray(qnaQuestions.status, ['pending', 'dismissed']))));
  }

  private async change(statement: PreparedStatement<VoteValues>, values: VoteValues): Promise<VoteOutcome | undefined> {
    try {
      const { rows } = await this.pool.query<StoredOutcome>(statement.with(values));
      const [row] = rows;
      if (!row) return undefined;
      // A repeated tap waited for the first one's commit, which its snapshot does not show: the count is read anew.
      const votes = row.changed ? row.votes : ((await this.counts([row.id]))[0]?.votes ?? row.votes);
      // A raw statement's timestamps come as PostgreSQL writes them, which Date reads as drizzle does.
      return { ...row, votes, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
    } catch (error) {
      // The question was deleted between the check and the vote: there is nothing to vote on.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return undefined;
      throw error;
    }
  }
}

type StoredOutcome = Omit<VoteOutcome, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
