import { AUDIENCE_BATCH_MS, type VoteCounts } from '@gather/contracts';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../platform/live/events.js';
import { LivePublisher } from '../../platform/live/publisher.js';
import { QnaLive } from './live.js';
import { VoteTally } from './vote-tally.js';

/** The vote counts each audience message carried, as the sockets would receive them. */
function tallyWith(stored: Map<number, number>) {
  const sent: Record<number, number>[] = [];
  const sink = {
    deliver: async (event: LiveEvent) => {
      if (event.namespace === 'audience' && event.event === 'questions:votes') {
        sent.push(Object.fromEntries((event.payload as VoteCounts).map(({ id, votes }) => [id, votes])));
      }
    },
  };
  const live = new QnaLive(new LivePublisher(sink, pino({ level: 'silent' })));
  const countsOf = async (ids: number[]) => ids.map((id) => ({ id, votes: stored.get(id) ?? 0 }));
  return { tally: new VoteTally(countsOf, live, pino({ level: 'silent' })), sent };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the vote tally (what the audience's pages are told of votes)", () => {
  it('tells the first vote after a quiet spell at once', async () => {
    const { tally, sent } = tallyWith(new Map([[7, 1]]));
    tally.changed('session', 7);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ 7: 1 }]);
  });

  it('sends a burst of votes as one message a batch, every question voted on, with the stored counts', async () => {
    const stored = new Map([[7, 1]]);
    const { tally, sent } = tallyWith(stored);
    tally.changed('session', 7);
    await vi.advanceTimersByTimeAsync(0);
    for (let vote = 2; vote <= 200; vote++) {
      stored.set(7, vote);
      stored.set(8, vote);
      tally.changed('session', vote % 2 ? 7 : 8);
    }
    await vi.advanceTimersByTimeAsync(AUDIENCE_BATCH_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ 7: 1 }, { 7: 200, 8: 200 }]);
    await vi.advanceTimersByTimeAsync(AUDIENCE_BATCH_MS * 3);
    expect(sent).toHaveLength(2);
  });

  it('keeps sessions apart: a busy session never delays another', async () => {
    const { tally, sent } = tallyWith(
      new Map([
        [1, 5],
        [2, 9],
      ]),
    );
    tally.changed('busy', 1);
    tally.changed('busy', 1);
    tally.changed('quiet', 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ 1: 5 }, { 2: 9 }]);
  });
});
