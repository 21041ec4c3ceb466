import type { PublicPollResults, StaffPollResults } from '@gather/contracts';
import type { Logger } from 'pino';
import type { AnswerRepository } from './answer-repository.js';
import type { PollLive } from './live.js';
import type { PollRepository, PollRow } from './repository.js';
import { ResultsTally } from './results-tally.js';
import { toPublicResults, toStaffResults } from './shapes.js';

const ANSWERED_IN_TEXT = new Set(['words', 'text']);

/** A poll's results as staff and the audience see them, and their live pushes. */
export class PollResults {
  private readonly tally: ResultsTally;

  constructor(
    private readonly polls: PollRepository,
    private readonly answers: AnswerRepository,
    private readonly live: PollLive,
    private readonly log: Logger,
  ) {
    this.tally = new ResultsTally((pollId) => this.push(pollId), log);
  }

  async forStaff(poll: PollRow): Promise<StaffPollResults> {
    const [counts, texts] = await Promise.all([
      this.answers.counts(poll.id),
      ANSWERED_IN_TEXT.has(poll.type) ? this.answers.textAnswers(poll.id) : [],
    ]);
    return toStaffResults(poll, counts, texts);
  }

  async forAudience(poll: PollRow): Promise<PublicPollResults> {
    return toPublicResults(poll, await this.answers.counts(poll.id));
  }

  /** An answer was stored: the results follow, gathered (see ResultsTally). */
  answered(pollId: string): void {
    this.tally.changed(pollId);
  }

  /** Staff revealed the results: they reach the phones now, without waiting for the next answer. */
  revealed(pollId: string): void {
    this.push(pollId).catch((error: unknown) => this.log.warn({ err: error, pollId }, 'poll results not pushed'));
  }

  private async push(pollId: string): Promise<void> {
    const poll = await this.polls.poll(pollId);
    if (!poll) return;
    const results = await this.forStaff(poll);
    const { answers: _answers, shown_answer_id: _shown, ...shared } = results;
    this.live.results(poll.sessionId, results, poll.revealed ? shared : undefined);
  }
}
