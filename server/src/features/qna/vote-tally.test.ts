import { AUDIENCE_BATCH_MS, STAFF_VOTES_BATCH_MS, type VoteCounts } from '@gather/contracts';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../platform/live/events.js';
import { LivePublisher } from '../../platform/live/publisher.js';
import { QnaLive } from './live.js';
import { VoteTally } from './vote-tally.js';

const countsIn = (votes: VoteCounts) => Object.fromEntries(votes.map(({ id, votes: count }) => [id, count]));

/** A session's live events over `stored` counts: what each audience (`sent`) and staff message carried. */
function tallyWith(stored = new Map<number, number>()) {
  const sent: Record<number, number>[] = [];
  const toStaff: Record<number, number>[] = [];
  const sink = {
    deliver: async (event: LiveEvent) => {
      if (event.event !== 'questions:votes') return;
      if (event.namespace === 'audience') sent.push(countsIn(event.payload as VoteCounts));
      else toStaff.push(countsIn((event.payload as { votes: VoteCounts }).votes));
    },
  };
  const live = new QnaLive(new LivePublisher(sink, pino({ level: 'silent' })));
  const countsOf = async (ids: number[]) => ids.map((id) => ({ id, votes: stored.get(id) ?? 0 }));
  return { tally: new VoteTally(countsOf, live, pino({ level: 'silent' })), live, sent, toStaff };
}

/** After a burst that followed a first message: nothing more until `everyMs`, then one gathered message, then none. */
async function expectOneGatheredAfter(sent: unknown[], everyMs: number, both: unknown[]) {
  await vi.advanceTimersByTimeAsync(everyMs - 1);
  expect(sent).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(sent).toEqual(both);
  await vi.advanceTimersByTimeAsync(everyMs * 3);
  expect(sent).toHaveLength(2);
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
    await expectOneGatheredAfter(sent, AUDIENCE_BATCH_MS, [{ 7: 1 }, { 7: 200, 8: 200 }]);
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

describe("the moderators' counts", () => {
  it('shows a vote at once after a quiet spell, then the last count of each question every STAFF_VOTES_BATCH_MS', async () => {
    const { live, toStaff: sent } = tallyWith();
    live.questionVoted('session', 7, 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ 7: 1 }]);
    for (let vote = 2; vote <= 300; vote++) live.questionVoted('session', vote % 2 ? 7 : 8, vote);
    live.questionVoted('session', 8, 299);
    await expectOneGatheredAfter(sent, STAFF_VOTES_BATCH_MS, [{ 7: 1 }, { 7: 299, 8: 299 }]);
  });
});
