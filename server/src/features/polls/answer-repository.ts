import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { MyPollAnswer } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';
import { qnaPollAnswers, qnaPolls } from '../../platform/database/schema/polls.js';
import { qnaSessions } from '../../platform/database/schema/qna.js';

/** Most words a word cloud carries: the payload stays small however many different words a full room gives. */
export const CLOUD_WORDS = 100;
/** Newest text answers staff get with the results, so a results message stays small with a full room. */
export const STAFF_ANSWERS = 100;

/** A poll as an answer needs it: what fits it, and whether it takes answers. Only of an active session. */
export interface AnsweredPoll {
  id: string;
  sessionId: string;
  type: string;
  optionCount: number;
  status: string;
  filterWords: string[];
}

export interface StoredAnswer {
  /** A new answer, not one replacing the device's earlier one. */
  added: boolean;
  /** The answer was on the projector and was taken off (it changed). */
  unshown: boolean;
}

export interface Counts {
  total: number;
  /** Devices per option position. */
  counts: Map<number, number>;
  /** Of the first choice plus one (a rating's 1 to 5); null with no answers. */
  average: number | null;
  words: Array<{ word: string; count: number }>;
}

export class AnswerRepository {
  constructor(private readonly db: Database) {}

  async pollToAnswer(pollId: string): Promise<AnsweredPoll | undefined> {
    const [poll] = await this.db
      .select({
        id: qnaPolls.id,
        sessionId: qnaPolls.sessionId,
        type: qnaPolls.type,
        optionCount: sql<number>`cardinality(${qnaPolls.options})`,
        status: qnaPolls.status,
        filterWords: qnaSessions.filterWords,
      })
      .from(qnaPolls)
      .innerJoin(qnaSessions, eq(qnaSessions.id, qnaPolls.sessionId))
      .where(and(eq(qnaPolls.id, pollId), eq(qnaSessions.isActive, true)));
    return poll;
  }

  /**
   * Stores or replaces the device's answer in one statement, only while the poll is open in an active session:
   * the unique (poll, device) key makes parallel taps one row. A changed answer that was on the projector is
   * taken off it in the same statement. Undefined when the poll no longer takes answers.
   */
  async store(
    pollId: string,
    deviceId: string,
    answer: MyPollAnswer,
    held: boolean,
  ): Promise<StoredAnswer | undefined> {
    const { rows } = await this.db.execute<{ added: boolean; unshown: boolean }>(sql`
      WITH target AS (
        SELECT p.id FROM qna_polls p JOIN qna_sessions s ON s.id = p.session_id
        WHERE p.id = ${pollId} AND p.status = 'open' AND s.is_active
      ), stored AS (
        INSERT INTO qna_poll_answers (poll_id, device_id, choices, text, held)
        SELECT id, ${deviceId}, ${`{${answer.choices.join(',')}}`}::integer[], ${answer.text}, ${held} FROM target
        ON CONFLICT (poll_id, device_id) DO UPDATE
          SET choices = EXCLUDED.choices, text = EXCLUDED.text, held = EXCLUDED.held, updated_at = now()
        RETURNING id, (xmax = 0) AS added
      ), unshown AS (
        UPDATE qna_polls SET shown_answer_id = NULL
        WHERE id = ${pollId} AND shown_answer_id IN (SELECT id FROM stored WHERE NOT added)
        RETURNING id
      )
      SELECT added, EXISTS (SELECT FROM unshown) AS unshown FROM stored`);
    return rows[0];
  }

  async mine(pollId: string, deviceId: string): Promise<MyPollAnswer | null> {
    const [answer] = await this.db
      .select({ choices: qnaPollAnswers.choices, text: qnaPollAnswers.text })
      .from(qnaPollAnswers)
      .where(and(eq(qnaPollAnswers.pollId, pollId), eq(qnaPollAnswers.deviceId, deviceId)));
    return answer ?? null;
  }

  /** Every count of a poll in one statement, so they agree with each other; held answers give no words. */
  async counts(pollId: string): Promise<Counts> {
    const { rows } = await this.db.execute<{
      total: number;
      counts: Array<[number, number]>;
      average: number | null;
      words: Array<{ word: string; count: number }>;
    }>(sql`
      WITH answers AS (SELECT choices, text, held FROM qna_poll_answers WHERE poll_id = ${pollId})
      SELECT
        (SELECT count(*)::int FROM answers) AS total,
        (SELECT coalesce(json_agg(json_build_array(position, n)), '[]') FROM (
          SELECT position, count(*)::int AS n FROM answers, unnest(answers.choices) AS position GROUP BY position
        ) chosen) AS counts,
        (SELECT avg(choices[1] + 1)::float FROM answers WHERE cardinality(choices) > 0) AS average,
        (SELECT coalesce(json_agg(json_build_object('word', word, 'count', n) ORDER BY n DESC, word), '[]') FROM (
          SELECT word, count(*)::int AS n FROM answers, unnest(string_to_array(answers.text, ' ')) AS word
          WHERE NOT answers.held AND answers.text <> '' GROUP BY word ORDER BY n DESC, word LIMIT ${CLOUD_WORDS}
        ) given) AS words`);
    const row = rows[0]!;
    return { total: row.total, counts: new Map(row.counts), average: row.average, words: row.words };
  }

  /** The text answers, held ones too, newest first: the newest STAFF_ANSWERS for the live results, or `all`. */
  textAnswers(
    pollId: string,
    limited = true,
  ): Promise<Array<{ id: number; text: string; held: boolean; createdAt: Date }>> {
    const query = this.db
      .select({
        id: qnaPollAnswers.id,
        text: qnaPollAnswers.text,
        held: qnaPollAnswers.held,
        createdAt: qnaPollAnswers.updatedAt,
      })
      .from(qnaPollAnswers)
      .where(and(eq(qnaPollAnswers.pollId, pollId), ne(qnaPollAnswers.text, '')))
      .orderBy(desc(qnaPollAnswers.updatedAt), desc(qnaPollAnswers.id))
      .$dynamic();
    return limited ? query.limit(STAFF_ANSWERS) : query;
  }
}
