import { QUEUE_NAMES, type QueueName } from '@gather/contracts';
import { Queue, type DefaultJobOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';

/**
 * Retries back off 10 s, 20 s, 40 s ... (JOB_BACKOFF_MS doubling) so an SMTP server or disk that
 * is away for a while (about 40 minutes in all) does not turn work into failures.
 */
export const jobOptions = (backoffMs: number): DefaultJobOptions => ({
  attempts: 8,
  backoff: { type: 'exponential', delay: backoffMs },
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: { age: 14 * 24 * 3600 },
});

export type JobQueues = Record<QueueName, Queue>;

/** A job's id is its outbox row's, so a row handed over twice is still one job. */
export const outboxJobId = (rowId: number) => `outbox-${rowId}`;

/** The outbox row a job came from, if it came from one. */
export function outboxRowId(jobId: string | undefined): number | undefined {
  const match = /^outbox-(\d+)$/.exec(jobId ?? '');
  return match ? Number(match[1]) : undefined;
}

export interface Producer {
  queues: JobQueues;
  /** The queues' connection, failing at once while Redis is away. */
  redis: Redis;
  close(): Promise<void>;
}

/**
 * Producer-side queues. Their connection fails at once while Redis is away (no offline
 * queue), so the relay leaves jobs in the outbox instead of hanging.
 */
export function createQueues(
  redis: Redis,
  { QUEUE_PREFIX: prefix, JOB_BACKOFF_MS }: Pick<Config, 'QUEUE_PREFIX' | 'JOB_BACKOFF_MS'>,
): Producer {
  const connection = redis.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  connection.on('error', () => undefined);
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => [
      name,
      new Queue(name, { connection, prefix, defaultJobOptions: jobOptions(JOB_BACKOFF_MS) }),
    ]),
  ) as JobQueues;
  // The relay reports an unreachable Redis once; the queues' own echoes of it are noise.
  for (const queue of Object.values(queues)) queue.on('error', () => undefined);
  return {
    queues,
    redis: connection,
    close: async () => {
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      connection.disconnect();
    },
  };
}
