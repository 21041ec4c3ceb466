import { POLL_RESULTS_BATCH_MS } from '@gather/contracts';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultsTally } from './results-tally.js';

/** The totals each push read, as the projector would be shown them. */
function tallyOver(stored: Map<string, number>) {
  const pushed: Array<[string, number]> = [];
  const tally = new ResultsTally(
    POLL_RESULTS_BATCH_MS,
    async (pollId) => {
      pushed.push([pollId, stored.get(pollId) ?? 0]);
    },
    pino({ level: 'silent' }),
  );
  return { tally, pushed };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the results tally (what the projector is told of a poll's answers)", () => {
  it('pushes the first answer after a quiet spell at once', async () => {
    const { tally, pushed } = tallyOver(new Map([['poll', 1]]));
    tally.changed('poll');
    await vi.advanceTimersByTimeAsync(0);
    expect(pushed).toEqual([['poll', 1]]);
  });

  it('gathers a burst into one push a batch, read after the last answer, and nothing once quiet', async () => {
    const stored = new Map([['poll', 1]]);
    const { tally, pushed } = tallyOver(stored);
    tally.changed('poll');
    await vi.advanceTimersByTimeAsync(0);
    for (let answer = 2; answer <= 300; answer++) {
      stored.set('poll', answer);
      tally.changed('poll');
    }
    await vi.advanceTimersByTimeAsync(POLL_RESULTS_BATCH_MS);
    expect(pushed).toEqual([
      ['poll', 1],
      ['poll', 300],
    ]);
    await vi.advanceTimersByTimeAsync(POLL_RESULTS_BATCH_MS * 4);
    expect(pushed).toHaveLength(2);
  });

  it('keeps polls apart: one poll in a burst does not hold back another', async () => {
    const { tally, pushed } = tallyOver(
      new Map([
        ['a', 5],
        ['b', 1],
      ]),
    );
    tally.changed('a');
    tally.changed('a');
    tally.changed('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(pushed).toEqual([
      ['a', 5],
      ['b', 1],
    ]);
  });
});
