import { AUDIENCE_BATCH_MS, STAFF_VOTES_BATCH_MS, type StaffQuestion, type VoteCounts } from '@gather/contracts';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../platform/live/events.js';
import { LivePublisher } from '../../platform/live/publisher.js';
import { QnaLive } from './live.js';

const countsIn = (votes: VoteCounts) => Object.fromEntries(votes.map(({ id, votes: count }) => [id, count]));

/**
 * A session's live events over `stored` counts: every event in order, and what each audience (`sent`) and staff
 * message of counts carried. `countsOf` reads the stored counts unless given.
 */
function liveWith(stored = new Map<number, number>(), countsOf?: (ids: number[]) => Promise<VoteCounts>) {
  const events: LiveEvent[] = [];
  const sent: Record<number, number>[] = [];
  const toStaff: Record<number, number>[] = [];
  const sink = {
    deliver: async (event: LiveEvent) => {
      events.push(event);
      if (event.event !== 'questions:votes') return;
      if (event.namespace === 'audience') sent.push(countsIn(event.payload as VoteCounts));
      else toStaff.push(countsIn((event.payload as { votes: VoteCounts }).votes));
    },
  };
  const live = new QnaLive(
    new LivePublisher(sink, pino({ level: 'silent' })),
    countsOf ?? (async (ids) => ids.map((id) => ({ id, votes: stored.get(id) ?? 0 }))),
    pino({ level: 'silent' }),
  );
  return { live, events, sent, toStaff };
}

const question = (id: number): StaffQuestion => ({
  id,
  text: `Question ${id}`,
  category: 'general',
  name: 'Anonymous',
  status: 'new',
  created_at: '2026-11-29T10:00:00.000Z',
  timestamp: '2026-11-29T10:00:00.000Z',
  votes: 0,
  flagged: false,
});

/** After a quiet spell: the first question goes alone, and a second and a vote on the first wait for the next moment. */
async function askTwoThenVote(live: QnaLive) {
  live.questionCreated('session', question(1));
  await vi.advanceTimersByTimeAsync(0);
  live.questionCreated('session', question(2));
  live.questionVoted('session', 1, 1);
}

/** What the phones were sent, in order. */
const toAudience = (events: LiveEvent[]) =>
  events.filter((event) => event.namespace === 'audience').map((event) => [event.event, event.payload]);

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

describe("the audience's counts (what the question pages are told of votes)", () => {
  it('tells the first vote after a quiet spell at once, with the stored count', async () => {
    const { live, sent } = liveWith(new Map([[7, 1]]));
    live.questionVoted('session', 7, 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ 7: 1 }]);
  });

  it('sends a burst of votes as one message a batch, every question voted on, with the stored counts', async () => {
    const stored = new Map([[7, 1]]);
    const { live, sent } = liveWith(stored);
    live.questionVoted('session', 7, 1);
    await vi.advanceTimersByTimeAsync(0);
    for (let vote = 2; vote <= 200; vote++) {
      stored.set(7, vote);
      stored.set(8, vote);
      live.questionVoted('session', vote % 2 ? 7 : 8, vote);
    }
    await expectOneGatheredAfter(sent, AUDIENCE_BATCH_MS, [{ 7: 1 }, { 7: 200, 8: 200 }]);
  });

  it('keeps sessions apart: a busy session never delays another', async () => {
    const { live, sent } = liveWith(
      new Map([
        [1, 5],
        [2, 9],
      ]),
    );
    live.questionVoted('busy', 1, 5);
    live.questionVoted('busy', 1, 5);
    live.questionVoted('quiet', 2, 9);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ 1: 5 }, { 2: 9 }]);
  });

  it("sends a moment's new questions and counts together, questions first, so the sockets write them as one", async () => {
    const { live, events } = liveWith(new Map([[1, 3]]));
    await askTwoThenVote(live);
    await vi.advanceTimersByTimeAsync(AUDIENCE_BATCH_MS);
    expect(toAudience(events)).toEqual([
      ['questions:created', [expect.objectContaining({ id: 1 })]],
      ['questions:created', [expect.objectContaining({ id: 2 })]],
      ['questions:votes', [{ id: 1, votes: 3 }]],
    ]);
    // The moment's events, one after the other: the sockets write the audience's two as one message.
    expect(events.slice(-3).map((event) => `${event.namespace} ${event.event}`)).toEqual([
      'audience questions:created',
      'staff questions:votes',
      'audience questions:votes',
    ]);
  });

  it('still sends the questions when the counts cannot be read', async () => {
    const { live, events } = liveWith(undefined, () => Promise.reject(new Error('database away')));
    await askTwoThenVote(live);
    await vi.advanceTimersByTimeAsync(AUDIENCE_BATCH_MS);
    expect(toAudience(events)).toEqual([
      ['questions:created', [expect.objectContaining({ id: 1 })]],
      ['questions:created', [expect.objectContaining({ id: 2 })]],
    ]);
  });

  it('keeps the order of changes made while the counts are read: a question deleted then stays deleted', async () => {
    let read: (votes: VoteCounts) => void = () => undefined;
    const { live, events } = liveWith(undefined, () => new Promise((resolve) => (read = resolve)));
    await askTwoThenVote(live);
    await vi.advanceTimersByTimeAsync(AUDIENCE_BATCH_MS);
    live.questionDeleted('session', 2, true);
    live.questionAnswered('session', 1, true);
    read([{ id: 1, votes: 1 }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(toAudience(events).map(([event]) => event)).toEqual([
      'questions:created',
      'questions:created',
      'questions:votes',
      'question:deleted',
      'question:answered',
    ]);
  });

  it("sends the questions still gathered before the session's end, and no counts after it", async () => {
    const { live, events } = liveWith(new Map([[1, 1]]));
    await askTwoThenVote(live);
    live.sessionEnded('session');
    await vi.advanceTimersByTimeAsync(AUDIENCE_BATCH_MS * 2);
    expect(toAudience(events)).toEqual([
      ['questions:created', [expect.objectContaining({ id: 1 })]],
      ['questions:created', [expect.objectContaining({ id: 2 })]],
      ['session:ended', { session_id: 'session' }],
    ]);
  });
});

describe("the moderators' counts", () => {
  it('shows a vote at once after a quiet spell, then the last count of each question every STAFF_VOTES_BATCH_MS', async () => {
    // The audience's stored counts never come here, so only the moderators' own counts reach them.
    const { live, toStaff: sent } = liveWith(undefined, () => new Promise(() => undefined));
    live.questionVoted('session', 7, 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ 7: 1 }]);
    for (let vote = 2; vote <= 300; vote++) live.questionVoted('session', vote % 2 ? 7 : 8, vote);
    live.questionVoted('session', 8, 299);
    await expectOneGatheredAfter(sent, STAFF_VOTES_BATCH_MS, [{ 7: 1 }, { 7: 299, 8: 299 }]);
  });

  it('sends what one turn changed as one message: a batch of votes answered together waits for no interval', async () => {
    const { live, toStaff } = liveWith(undefined, () => new Promise(() => undefined));
    for (const id of [1, 2, 3]) live.questionVoted('session', id, 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(toStaff).toEqual([{ 1: 1, 2: 1, 3: 1 }]);
    await vi.advanceTimersByTimeAsync(STAFF_VOTES_BATCH_MS);
    for (const id of [1, 2]) live.questionVoted('session', id, 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(toStaff).toEqual([
      { 1: 1, 2: 1, 3: 1 },
      { 1: 2, 2: 2 },
    ]);
  });
});
