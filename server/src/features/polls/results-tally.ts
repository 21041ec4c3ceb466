import { POLL_RESULTS_BATCH_MS } from '@gather/contracts';
import type { Logger } from 'pino';

/**
 * Pushes a poll's results after answers: at once after a quiet spell, then at most once every
 * POLL_RESULTS_BATCH_MS while answers arrive, so 2,000 phones answering cost the projector four messages a
 * second. Results are read after the answers were stored, so the last message always carries the stored
 * counts, whichever API process took the answers.
 */
export class ResultsTally {
  /** Polls whose results were pushed less than POLL_RESULTS_BATCH_MS ago, and whether answers came since. */
  private readonly waiting = new Map<string, { again: boolean }>();

  constructor(
    private readonly push: (pollId: string) => Promise<void>,
    private readonly log: Logger,
  ) {}

  changed(pollId: string): void {
    const waiting = this.waiting.get(pollId);
    if (waiting) waiting.again = true;
    else this.send(pollId);
  }

  private send(pollId: string): void {
    const waiting = { again: false };
    this.waiting.set(pollId, waiting);
    this.push(pollId).catch((error: unknown) => this.log.warn({ err: error, pollId }, 'poll results not pushed'));
    setTimeout(() => {
      this.waiting.delete(pollId);
      if (waiting.again) this.send(pollId);
    }, POLL_RESULTS_BATCH_MS).unref();
  }
}
