import { JOBS, type JobName, type JobPayload } from '@gather/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../database/client.js';
import { outbox } from '../database/schema/outbox.js';

/** A database or an open transaction: jobs are written beside the data they belong to. */
export type Writer = Pick<Database, 'insert' | 'execute'>;

export interface OutboxJob<N extends JobName = JobName> {
  name: N;
  payload: JobPayload<N>;
  /** Not before this time (a delayed job); at once when omitted. */
  runAt?: Date;
}

/**
 * Records jobs in the outbox inside the caller's transaction, so a job exists exactly when
 * its data does. NOTIFY wakes the relay the moment the transaction commits.
 */
export async function enqueueJobs(writer: Writer, jobs: OutboxJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((job) => ({
    queue: JOBS[job.name].queue,
    jobName: job.name,
    payload: JOBS[job.name].payload.parse(job.payload),
    runAt: job.runAt,
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await writer.insert(outbox).values(rows.slice(start, start + 1000));
  }
  await writer.execute(sql`select pg_notify('gather_outbox', '')`);
}

export function enqueueJob<N extends JobName>(
  writer: Writer,
  name: N,
  payload: JobPayload<N>,
  runAt?: Date,
): Promise<void> {
  return enqueueJobs(writer, [{ name, payload, runAt } as OutboxJob]);
}
