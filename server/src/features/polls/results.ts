import {
  AUDIENCE_BATCH_MS,
  POLL_RESULTS_BATCH_MS,
  type PublicPollResults,
  type StaffPollResults,
} from '@gather/contracts';
import type { Logger } from 'pino';
import type { AnswerRepository } from './answer-repository.js';
import type { PollLive } from './live.js';
import type { PollRepository, PollRow } from './repository.js';
import { ResultsTally } from './results-tally.js';
import { toPublicResults, toStaffResults } from './shapes.js';

const ANSWERED_IN_TEXT = new Set(['words', 'text']);

/** A poll's results as staff and the audience see them, and their live pushes. */
export class PollResults {
  /** Moderators and the projector: often, as there are few of them. */
  private readonly staffTally: ResultsTally;
  /** Phones, while revealed: like vote counts, since a message to each of 2,000 phones is the dear part. */
  private readonly audienceTally: ResultsTally;

  constructor(
    private readonly polls: PollRepository,
    private readonly answers: AnswerRepository,
    private readonly live: PollLive,
    private readonly log: Logger,
  ) {
    this.staffTally = new ResultsTally(POLL_RESULTS_BATCH_MS, (pollId) => this.pushToStaff(pollId), log);
    this.audienceTally = new ResultsTally(AUDIENCE_BATCH_MS, (pollId) => this.pushToAudience(pollId), log);
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
    this.staffTally.changed(pollId);
    this.audienceTally.changed(pollId);
  }

  /** Staff revealed the results: they reach the phones now, without waiting for the next answer. */
  revealed(pollId: string): void {
    this.pushToAudience(pollId).catch((error: unknown) =>
      this.log.warn({ err: error, pollId }, 'poll results not pushed'),
    );
  }

  private async pushToStaff(pollId: string): Promise<void> {
    const poll = await this.polls.poll(pollId);
    if (poll) this.live.staffResults(poll.sessionId, await this.forStaff(poll));
  }

  private async pushToAudience(pollId: string): Promise<void> {
    const poll = await this.polls.poll(pollId);
    if (poll?.revealed) this.live.audienceResults(poll.sessionId, await this.forAudience(poll));
  }
}
