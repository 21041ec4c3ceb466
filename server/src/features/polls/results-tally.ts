import type { Logger } from 'pino';
import { Gathered } from '../../platform/live/gathered.js';

/**
 * Pushes a poll's results after answers: at once after a quiet spell, then at most once every `batchMs` while
 * answers arrive. Results are read after the answers were stored, so the last message always carries the stored
 * counts, whichever API process took the answers.
 */
export class ResultsTally {
  private readonly answered: Gathered<true>;

  constructor(batchMs: number, push: (pollId: string) => Promise<void>, log: Logger) {
    this.answered = new Gathered(batchMs, (pollId) => {
      push(pollId).catch((error: unknown) => log.warn({ err: error, pollId }, 'poll results not pushed'));
    });
  }

  changed(pollId: string): void {
    this.answered.add(pollId, true);
  }
}
