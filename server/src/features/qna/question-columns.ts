import { getTableColumns, sql } from 'drizzle-orm';
import { qnaQuestions } from '../../platform/database/schema/qna.js';

/** A question's votes, counted from qna_votes (see the table's note on why it is not kept on the question). */
export const votesOf = sql<number>`(SELECT count(*)::int FROM qna_votes WHERE qna_votes.question_id = qna_questions.id)`;

/** A question as every Q&A read answers it: its stored columns and its votes. */
export const questionColumns = { ...getTableColumns(qnaQuestions), votes: votesOf };

export type QuestionRow = typeof qnaQuestions.$inferSelect & { votes: number };
