import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyPushed, readFollowed } from './pushed';

const key = ['qna', 'questions', 'session-1'] as const;
const added = (id: number) => (ids: number[] | undefined) => (ids?.includes(id) ? ids : ids && [id, ...ids]);

/** A read the test answers when it likes, as a busy server would. */
function heldRead() {
  let answer!: (ids: number[]) => void;
  const reads: number[] = [];
  const read = () =>
    new Promise<number[]>((resolve) => {
      reads.push(reads.length + 1);
      answer = resolve;
    });
  return { read, answer: (ids: number[]) => answer(ids), reads };
}

describe('an answer both read and pushed', () => {
  it('keeps what was pushed while a read was under way, when the read answers with what it held before', async () => {
    const queryClient = new QueryClient();
    const held = heldRead();
    queryClient.setQueryData<number[]>(key, [1]);
    const reading = queryClient.fetchQuery({ queryKey: key, queryFn: readFollowed(held.read) });
    await Promise.resolve();
    applyPushed(queryClient, key, added(2));
    expect(queryClient.getQueryData(key)).toEqual([2, 1]);
    held.answer([1]);
    expect(await reading).toEqual([2, 1]);
    expect(queryClient.getQueryData(key)).toEqual([2, 1]);
  });

  it('does not apply a change twice when the read already holds it, nor again to a later read', async () => {
    const queryClient = new QueryClient();
    const held = heldRead();
    const first = queryClient.fetchQuery({ queryKey: key, queryFn: readFollowed(held.read) });
    await Promise.resolve();
    applyPushed(queryClient, key, added(2));
    held.answer([2, 1]);
    expect(await first).toEqual([2, 1]);

    // The question was deleted since: a later read must not bring it back.
    const second = queryClient.fetchQuery({
      queryKey: key,
      queryFn: readFollowed(held.read),
      staleTime: 0,
    });
    await Promise.resolve();
    held.answer([1]);
    expect(await second).toEqual([1]);
    expect(held.reads).toHaveLength(2);
  });

  it('leaves other answers alone', async () => {
    const queryClient = new QueryClient();
    const held = heldRead();
    const other = ['qna', 'questions', 'session-2'];
    const reading = queryClient.fetchQuery({ queryKey: other, queryFn: readFollowed(held.read) });
    await Promise.resolve();
    applyPushed(queryClient, key, added(2));
    held.answer([7]);
    expect(await reading).toEqual([7]);
  });
});
