import { JOB_NAMES, JOBS, QUEUE_NAMES, type JobName, type JobPayload, type QueueName } from '@gather/contracts';
import type { AppContext } from '../context.js';
import { outboxRowId } from './queues.js';
import { OutboxRepository } from './outbox-repository.js';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';

export type Processor<N extends JobName> = (payload: JobPayload<N>, job: Job) => Promise<unknown>;
export type Processors = { [N in JobName]: Processor<N> };

/** BullMQ will not run this job again after it fails now. */
export const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

export interface RunningWorkers {
  workers: Worker[];
  /** Lets running jobs finish, then stops taking new ones. */
  close(): Promise<void>;
}

/**
 * One BullMQ worker per queue named in WORKER_QUEUES. Refuses to start when a job of those
 * queues has no processor, so a job added to the contracts never sits in Redis with nobody to run it.
 */
export async function startWorkers(ctx: AppContext, processors: Partial<Processors>): Promise<RunningWorkers> {
  const { config } = ctx;
  const queues = QUEUE_NAMES.filter((queue) => config.WORKER_QUEUES.includes(queue));
  const missing = JOB_NAMES.filter(
    (name) => queues.includes(JOBS[name].queue) && typeof processors[name] !== 'function',
  );
  if (missing.length) throw new Error(`The worker has no processor for: ${missing.join(', ')}`);

  const concurrency: Record<QueueName, number> = {
    email: config.WORKER_EMAIL_CONCURRENCY,
    uploads: config.WORKER_UPLOAD_CONCURRENCY,
    exports: config.WORKER_EXPORT_CONCURRENCY,
  };
  // BullMQ leaves connections it was given open at close; these are ours to end.
  const connections: Redis[] = [];
  const connection = () => {
    const made = ctx.redis.duplicate({ maxRetriesPerRequest: null });
    made.on('error', () => undefined);
    connections.push(made);
    return made;
  };
  const run = (job: Job) => {
    const name = job.name as JobName;
    if (!Object.hasOwn(JOBS, name)) throw new Error(`Unknown job "${job.name}" on the ${job.queueName} queue`);
    const payload = JOBS[name].payload.parse(job.data);
    return (processors[name] as Processor<typeof name>)(payload as never, job);
  };
  // Recorded while the job is still active in Redis, so the relay never takes a finished job for a lost one.
  const outbox = new OutboxRepository(ctx.db);
  const finished = (job: Job) => {
    const row = outboxRowId(job.id);
    if (row === undefined) return;
    // Not recording it only costs the relay a look at Redis, which still holds the job.
    return outbox
      .markFinished([row])
      .catch((error: Error) => ctx.log.warn({ id: job.id, err: error.message }, 'could not record a finished job'));
  };
  const workers = queues.map(
    (queue) =>
      new Worker(
        queue,
        async (job) => {
          try {
            const result = await run(job);
            await finished(job);
            return result;
          } catch (error) {
            if (error instanceof UnrecoverableError || isLastAttempt(job)) await finished(job);
            throw error;
          }
        },
        {
          connection: connection(),
          prefix: config.QUEUE_PREFIX,
          concurrency: concurrency[queue],
          lockDuration: config.WORKER_LOCK_MS,
          stalledInterval: config.WORKER_LOCK_MS,
          limiter: queue === 'email' ? { max: config.EMAIL_RATE_PER_SECOND, duration: 1000 } : undefined,
        },
      ),
  );
  for (const worker of workers) {
    worker.on('failed', (job, error) =>
      ctx.log.warn(
        { queue: worker.name, job: job?.name, id: job?.id, attempt: job?.attemptsMade, err: error.message },
        'job failed',
      ),
    );
    worker.on('error', (error) => ctx.log.warn({ queue: worker.name, err: error.message }, 'worker problem'));
  }
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.close()));
      for (const made of connections) made.disconnect();
    },
  };
}
