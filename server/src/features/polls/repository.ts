import { and, asc, desc, eq, getTableColumns, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/client.js';
import { qnaPollAnswers, qnaPolls } from '../../platform/database/schema/polls.js';
import { qnaSessions } from '../../platform/database/schema/qna.js';

export type PollRow = typeof qnaPolls.$inferSelect & { answerCount: number };
export type NewPoll = Pick<typeof qnaPolls.$inferInsert, 'sessionId' | 'question' | 'type' | 'options'>;

const answerCount = sql<number>`(SELECT count(*)::int FROM qna_poll_answers WHERE qna_poll_answers.poll_id = qna_polls.id)`;
const pollColumns = { ...getTableColumns(qnaPolls), answerCount };

/** Polls as staff prepare, launch and show them; the answers are AnswerRepository's. */
export class PollRepository {
  constructor(private readonly db: Database) {}

  async sessionExists(sessionId: string): Promise<boolean> {
    return (await this.db.$count(qnaSessions, eq(qnaSessions.id, sessionId))) > 0;
  }

  async sessionActive(sessionId: string): Promise<boolean> {
    return (await this.db.$count(qnaSessions, and(eq(qnaSessions.id, sessionId), eq(qnaSessions.isActive, true)))) > 0;
  }

  async create(poll: NewPoll): Promise<PollRow> {
    const [created] = await this.db.insert(qnaPolls).values(poll).returning();
    return { ...created!, answerCount: 0 };
  }

  /** Oldest first: the order staff prepared them in. */
  list(sessionId: string): Promise<PollRow[]> {
    return this.db
      .select(pollColumns)
      .from(qnaPolls)
      .where(eq(qnaPolls.sessionId, sessionId))
      .orderBy(asc(qnaPolls.createdAt), asc(qnaPolls.id));
  }

  async poll(id: string): Promise<PollRow | undefined> {
    const [found] = await this.db.select(pollColumns).from(qnaPolls).where(eq(qnaPolls.id, id));
    return found;
  }

  /** Its answers go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<PollRow | undefined> {
    const [deleted] = await this.db.delete(qnaPolls).where(eq(qnaPolls.id, id)).returning();
    return deleted && { ...deleted, answerCount: 0 };
  }

  /**
   * Opens the poll and closes the session's other open one, under the session row's lock so that two polls
   * opened at once end with one open (the unique index on open polls is the backstop). Undefined when there is
   * no such poll; `closed` is the poll this closed, if any.
   */
  async open(id: string): Promise<{ opened: PollRow; closed?: PollRow } | undefined> {
    return this.db.transaction(async (tx) => {
      const [target] = await tx.select({ sessionId: qnaPolls.sessionId }).from(qnaPolls).where(eq(qnaPolls.id, id));
      if (!target) return undefined;
      await tx
        .select({ id: qnaSessions.id })
        .from(qnaSessions)
        .where(eq(qnaSessions.id, target.sessionId))
        .for('update');
      const [closed] = await tx
        .update(qnaPolls)
        .set({ status: 'closed', closedAt: sql`now()` })
        .where(and(eq(qnaPolls.sessionId, target.sessionId), eq(qnaPolls.status, 'open'), ne(qnaPolls.id, id)))
        .returning(pollColumns);
      const [opened] = await tx
        .update(qnaPolls)
        .set({
          status: 'open',
          openedAt: sql`CASE WHEN ${qnaPolls.status} = 'open' THEN ${qnaPolls.openedAt} ELSE now() END`,
          closedAt: null,
        })
        .where(eq(qnaPolls.id, id))
        .returning(pollColumns);
      return { opened: opened!, closed };
    });
  }

  /** Closes an open poll; a draft or closed one is answered as it is. */
  async close(id: string): Promise<{ poll: PollRow; changed: boolean } | undefined> {
    const [closed] = await this.db
      .update(qnaPolls)
      .set({ status: 'closed', closedAt: sql`now()` })
      .where(and(eq(qnaPolls.id, id), eq(qnaPolls.status, 'open')))
      .returning(pollColumns);
    if (closed) return { poll: closed, changed: true };
    const poll = await this.poll(id);
    return poll && { poll, changed: false };
  }

  async reveal(id: string, revealed: boolean): Promise<PollRow | undefined> {
    const [changed] = await this.db
      .update(qnaPolls)
      .set({ revealed, revealedAt: revealed ? sql`now()` : qnaPolls.revealedAt })
      .where(eq(qnaPolls.id, id))
      .returning(pollColumns);
    return changed;
  }

  /** Puts one of the poll's answers on the projector; one the word filter held never is. Undefined when either is missing. */
  async show(
    id: string,
    answerId: number,
  ): Promise<{ poll: PollRow; answer: { id: number; text: string } } | undefined> {
    const answer = await this.showableAnswer(id, answerId);
    if (!answer) return undefined;
    const [poll] = await this.db
      .update(qnaPolls)
      .set({ shownAnswerId: answerId })
      .where(eq(qnaPolls.id, id))
      .returning(pollColumns);
    return poll && { poll, answer };
  }

  /** Takes the answer off the projector if it is the one shown; `hidden` says whether it was. */
  async hide(id: string, answerId: number): Promise<{ poll: PollRow; hidden: boolean } | undefined> {
    const [poll] = await this.db
      .update(qnaPolls)
      .set({ shownAnswerId: null })
      .where(and(eq(qnaPolls.id, id), eq(qnaPolls.shownAnswerId, answerId)))
      .returning(pollColumns);
    if (poll) return { poll, hidden: true };
    const found = await this.poll(id);
    return found && { poll: found, hidden: false };
  }

  private async showableAnswer(pollId: string, answerId: number): Promise<{ id: number; text: string } | undefined> {
    const [answer] = await this.db
      .select({ id: qnaPollAnswers.id, text: qnaPollAnswers.text })
      .from(qnaPollAnswers)
      .where(
        and(
          eq(qnaPollAnswers.id, answerId),
          eq(qnaPollAnswers.pollId, pollId),
          eq(qnaPollAnswers.held, false),
          ne(qnaPollAnswers.text, ''),
        ),
      );
    return answer;
  }

  /** The session's open poll, or else the one whose results were revealed last; none when the session is not active. */
  async activePoll(sessionId: string): Promise<{ active: boolean; poll?: PollRow }> {
    if (!(await this.sessionActive(sessionId))) return { active: false };
    const [poll] = await this.db
      .select(pollColumns)
      .from(qnaPolls)
      .where(and(eq(qnaPolls.sessionId, sessionId), or(eq(qnaPolls.status, 'open'), eq(qnaPolls.revealed, true))))
      .orderBy(desc(sql`${qnaPolls.status} = 'open'`), sql`${qnaPolls.revealedAt} DESC NULLS LAST`)
      .limit(1);
    return { active: true, poll };
  }
}
