import { AUDIENCE_BATCH_MS, type VoteCounts } from '@gather/contracts';
import type { Logger } from 'pino';
import type { QnaLive } from './live.js';

/**
 * Tells each session's pages its questions' new vote counts: at once after a quiet spell, then at
 * most once every AUDIENCE_BATCH_MS with every question voted on meanwhile, so 200 votes a second
 * cost 2,000 phones one small message a second. Counts are read after the votes were stored, so
 * the last message always carries the stored count, whichever API process took the votes.
 */
export class VoteTally {
  /** Sessions sent counts less than AUDIENCE_BATCH_MS ago, with the questions voted on since. */
  private readonly waiting = new Map<string, Set<number>>();

  constructor(
    private readonly countsOf: (questionIds: number[]) => Promise<VoteCounts>,
    private readonly live: QnaLive,
    private readonly log: Logger,
  ) {}

  changed(sessionId: string, questionId: number): void {
    const waiting = this.waiting.get(sessionId);
    if (waiting) waiting.add(questionId);
    else this.send(sessionId, [questionId]);
  }

  private send(sessionId: string, questionIds: number[]): void {
    const waiting = new Set<number>();
    this.waiting.set(sessionId, waiting);
    this.countsOf(questionIds).then(
      (votes) => this.live.voteCounts(sessionId, votes),
      (error: unknown) => this.log.warn({ err: error, sessionId }, 'vote counts not pushed'),
    );
    setTimeout(() => {
      this.waiting.delete(sessionId);
      if (waiting.size) this.send(sessionId, [...waiting]);
    }, AUDIENCE_BATCH_MS).unref();
  }
}
