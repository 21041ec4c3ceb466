import type { Redis } from 'ioredis';

/** Each worker process beats this often into Redis; the API calls the worker silent after a few missed beats. */
export const WORKER_BEAT_EVERY_MS = 10_000;
export const WORKER_SILENT_AFTER_MS = 3 * WORKER_BEAT_EVERY_MS;

const keyOf = (prefix: string) => `${prefix}:worker-heartbeats`;

/** One member per worker process, scored by its last beat; a stopped worker takes itself out. */
export async function recordWorkerBeat(redis: Redis, prefix: string, workerId: string): Promise<void> {
  const now = Date.now();
  await redis
    .multi()
    .zadd(keyOf(prefix), now, workerId)
    // Workers that died without saying so are forgotten after a day.
    .zremrangebyscore(keyOf(prefix), '-inf', now - 86_400_000)
    .exec();
}

export async function removeWorkerBeat(redis: Redis, prefix: string, workerId: string): Promise<void> {
  await redis.zrem(keyOf(prefix), workerId);
}

/** When any worker last beat (ms since the epoch), or undefined when none has. */
export async function lastWorkerBeat(redis: Redis, prefix: string): Promise<number | undefined> {
  const [, score] = await redis.zrange(keyOf(prefix), '-1', '-1', 'WITHSCORES');
  return score === undefined ? undefined : Number(score);
}
