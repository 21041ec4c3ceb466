import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { Batched } from './batched.js';

/** Each call of a batch answered with its value. */
const fulfilled = <T>(values: T[]) => values.map((value) => ({ status: 'fulfilled' as const, value }));

/** A statement that is held until released, recording each batch it was given. */
function heldStatement() {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<PromiseSettledResult<number>[]>((resolve) =>
      releases.push(() => resolve(fulfilled(items.map((item) => item * 10)))),
    );
  };
  return { batches, releases, run };
}

describe('calls batched into one statement', () => {
  it('sends the calls of one turn together and answers each with its own result', async () => {
    const { batches, releases, run } = heldStatement();
    const batched = new Batched(run, { running: 2, items: 100 });
    const answers = Promise.all([1, 2, 3].map((item) => batched.add(item)));
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
    releases[0]!();
    expect(await answers).toEqual([10, 20, 30]);
  });

  it('gathers what comes while the batches allowed are running, and sends it as one when one ends', async () => {
    const { batches, releases, run } = heldStatement();
    const batched = new Batched(run, { running: 1, items: 100 });
    const first = batched.add(1);
    await nextTurn();
    const later = [2, 3, 4].map((item) => batched.add(item));
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([[1]]);
    releases[0]!();
    expect(await first).toBe(10);
    await vi.waitFor(() => expect(batches).toEqual([[1], [2, 3, 4]]));
    releases[1]!();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('keeps each batch within its size', async () => {
    const { batches, releases, run } = heldStatement();
    const batched = new Batched(run, { running: 2, items: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((item) => batched.add(item)));
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    releases[0]!();
    await vi.waitFor(() => expect(batches).toEqual([[1, 2], [3, 4], [5]]));
    releases[1]!();
    releases[2]!();
    expect(await answers).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails the calls of a failed statement only, and goes on with the next', async () => {
    let calls = 0;
    const batched = new Batched(
      async (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return fulfilled(items);
      },
      { running: 1, items: 100 },
    );
    const failed = [batched.add(1), batched.add(2)];
    await expect(Promise.all(failed)).rejects.toThrow('connection lost');
    await expect(failed[1]).rejects.toThrow('connection lost');
    expect(await batched.add(3)).toBe(3);
  });

  it('fails only the call its batch refused, answering the others', async () => {
    const batched = new Batched(
      async (items: number[]) =>
        items.map((item): PromiseSettledResult<number> =>
          item === 2 ? { status: 'rejected', reason: new Error('refused') } : { status: 'fulfilled', value: item },
        ),
      { running: 1, items: 100 },
    );
    const [one, two, three] = [1, 2, 3].map((item) => batched.add(item));
    await expect(two).rejects.toThrow('refused');
    expect([await one, await three]).toEqual([1, 3]);
  });

  it('under a steady stream, starts batches no closer than their spacing, gathering what comes meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
    try {
      const started: number[][] = [];
      const batched = new Batched(
        async (items: number[]) => {
          started.push(items);
          return fulfilled(items);
        },
        { running: 2, items: 100, spacingMs: 20 },
      );
      // A call after a quiet spell goes at once.
      const first = batched.add(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toEqual([[1]]);
      expect(await first).toBe(1);
      // Calls 5 ms apart wait for the spacing to pass since the last start, and go together.
      const next = [batched.add(2)];
      await vi.advanceTimersByTimeAsync(5);
      next.push(batched.add(3));
      await vi.advanceTimersByTimeAsync(5);
      next.push(batched.add(4));
      await vi.advanceTimersByTimeAsync(9);
      expect(started).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toEqual([[1], [2, 3, 4]]);
      expect(await Promise.all(next)).toEqual([2, 3, 4]);
      // After a quiet spell longer than the spacing, at once again.
      await vi.advanceTimersByTimeAsync(50);
      const later = batched.add(5);
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toEqual([[1], [2, 3, 4], [5]]);
      expect(await later).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
