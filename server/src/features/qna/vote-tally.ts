import { AUDIENCE_BATCH_MS, type VoteCounts } from '@gather/contracts';
import type { Logger } from 'pino';
import { Gathered } from '../../platform/live/gathered.js';
import type { QnaLive } from './live.js';

/**
 * Tells each session's pages its questions' new vote counts: at once after a quiet spell, then at
 * most once every AUDIENCE_BATCH_MS with every question voted on meanwhile, so 200 votes a second
 * cost 2,000 phones one small message a second. Counts are read after the votes were stored, so
 * the last message always carries the stored count, whichever API process took the votes.
 */
export class VoteTally {
  private readonly voted: Gathered<number>;

  constructor(countsOf: (questionIds: number[]) => Promise<VoteCounts>, live: QnaLive, log: Logger) {
    this.voted = new Gathered(AUDIENCE_BATCH_MS, (sessionId, questionIds) => {
      countsOf([...new Set(questionIds)]).then(
        (votes) => live.voteCounts(sessionId, votes),
        (error: unknown) => log.warn({ err: error, sessionId }, 'vote counts not pushed'),
      );
    });
  }

  changed(sessionId: string, questionId: number): void {
    this.voted.add(sessionId, questionId);
  }
}
