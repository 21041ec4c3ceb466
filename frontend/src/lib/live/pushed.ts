import { hashKey, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';

/** How a pushed event (or a call's own answer) changes a cached answer: pure and idempotent (see cache.ts). */
export type PushedChange<T> = (current: T | undefined) => T | undefined;

interface OpenReads {
  open: number;
  changes: PushedChange<unknown>[];
}

/*
 * An answer that is both read and pushed. A read answers with what the database held when it ran, so a change
 * pushed while it was under way can be newer than its answer, which would otherwise take the change back until the
 * next one came (a question not shown, a zip left "Preparing"). Each change applied while a read of the same answer
 * is open is therefore kept and applied again to that read's answer. A change the answer already holds is harmless
 * (they are idempotent), and any state newer than a change applied again has a push of its own, which comes after.
 */
const openReads = new WeakMap<QueryClient, Map<string, OpenReads>>();

function readsOf(queryClient: QueryClient): Map<string, OpenReads> {
  let reads = openReads.get(queryClient);
  if (!reads) {
    reads = new Map();
    openReads.set(queryClient, reads);
  }
  return reads;
}

/** The `queryFn` of an answer that `applyPushed` also changes: its answer gets what was pushed while it ran. */
export function readFollowed<T>(read: () => Promise<T>): QueryFunction<T> {
  return async ({ client, queryKey }) => {
    const reads = readsOf(client);
    const hash = hashKey(queryKey);
    const reading = reads.get(hash) ?? { open: 0, changes: [] };
    reads.set(hash, reading);
    reading.open += 1;
    const from = reading.changes.length;
    try {
      const answer = await read();
      const changes = reading.changes.slice(from) as PushedChange<T>[];
      return changes.reduce<T>((data, change) => change(data) ?? data, answer);
    } finally {
      reading.open -= 1;
      if (reading.open === 0) reads.delete(hash);
    }
  };
}

/** Changes a cached answer as pushed, and any read of it under way (one made with `readFollowed`). */
export function applyPushed<T>(queryClient: QueryClient, queryKey: QueryKey, change: PushedChange<T>): void {
  queryClient.setQueryData<T>(queryKey, change);
  readsOf(queryClient)
    .get(hashKey(queryKey))
    ?.changes.push(change as PushedChange<unknown>);
}
