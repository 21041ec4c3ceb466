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
/**
 * Many devices' votes in one statement, one row per vote that found its question: `n` is the vote's place in the
 * arrays. The count is what the statement's snapshot holds plus the rows it added, which it cannot see itself.
 */
const CAST_MANY = new PreparedStatement<{ sessionIds: string[]; questionIds: number[]; deviceIds: string[] }>(
  'qna-votes-cast',
  sql`
    WITH cast_votes AS (
      SELECT * FROM unnest(${sql.placeholder('sessionIds')}::uuid[], ${sql.placeholder('questionIds')}::int[],
        ${sql.placeholder('deviceIds')}::text[]) WITH ORDINALITY AS v(session_id, question_id, device_id, n)
    ), target AS (
      SELECT v.n, q.id, v.device_id FROM cast_votes v
      JOIN qna_questions q ON q.id = v.question_id AND q.session_id = v.session_id
      JOIN qna_sessions s ON s.id = q.session_id
      WHERE s.is_active AND q.status NOT IN ('pending', 'dismissed')
    ), changed AS (
      INSERT INTO qna_votes (question_id, device_id) SELECT DISTINCT id, device_id FROM target
      ON CONFLICT DO NOTHING RETURNING question_id, device_id
    )
    SELECT target.n, qna_questions.id, session_id AS "sessionId", text, category, name, status,
      qna_questions.device_id AS "deviceId", flagged, created_at AS "createdAt", updated_at AS "updatedAt", true AS voted,
      ${votesOf} + (SELECT count(*)::int FROM changed WHERE changed.question_id = qna_questions.id) AS votes,
      EXISTS (SELECT FROM changed WHERE changed.question_id = target.id AND changed.device_id = target.device_id)
        AS changed
    FROM target JOIN qna_questions ON qna_questions.id = target.id`,
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
 * A vote adds or removes the device's row and answers the question with its count, in one statement. It locks no
 * question row, so votes on a popular question never queue behind each other's commits. The statement cannot see
 * its own change in the count (one snapshot), so the change is added to it. Votes cast together go as one
 * statement (VoteCasting gathers them): at a sermon's Q&A hundreds a second would otherwise each hold a pooled connection for a
 * round trip through a busy event loop, and every other call would queue behind them (the sunday bench).
 */
export class VoteRepository {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
  ) {}

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

  /** Each vote's question after it, in order; undefined where it is not one to vote on (hidden, gone, session ended). */
  async cast(votes: VoteValues[], attempt = 1): Promise<Array<VoteOutcome | undefined>> {
    let rows: Array<StoredOutcome & { n: string }>;
    try {
      ({ rows } = await this.pool.query<StoredOutcome & { n: string }>(
        CAST_MANY.with({
          sessionIds: votes.map((vote) => vote.sessionId),
          questionIds: votes.map((vote) => vote.questionId),
          deviceIds: votes.map((vote) => vote.deviceId),
        }),
      ));
    } catch (error) {
      // A question was deleted between the check and the vote: run the batch again, which no longer finds it.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION && attempt < 3) {
        return this.cast(votes, attempt + 1);
      }
      throw error;
    }
    const outcomes: Array<VoteOutcome | undefined> = votes.map(() => undefined);
    const firsts = new Set<string>();
    for (const { n, ...row } of rows.sort((a, b) => Number(a.n) - Number(b.n))) {
      const index = Number(n) - 1;
      // The same device's taps in one batch add one vote: the first is the change, the others found it made.
      const tap = `${row.id} ${votes[index]!.deviceId}`;
      const changed = row.changed && !firsts.has(tap);
      firsts.add(tap);
      outcomes[index] = { ...row, changed, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
    }
    // A repeated tap may have waited for an earlier one's commit, which the snapshot does not show: counted anew.
    const unchanged = [
      ...new Set(outcomes.filter((outcome) => outcome && !outcome.changed).map((outcome) => outcome!.id)),
    ];
    if (unchanged.length) {
      const counts = new Map((await this.counts(unchanged)).map(({ id, votes: count }) => [id, count]));
      for (const outcome of outcomes) {
        if (outcome && !outcome.changed) outcome.votes = counts.get(outcome.id) ?? outcome.votes;
      }
    }
    return outcomes;
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
