import type { QueueName } from '@gather/contracts';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../database/client.js';
import { listen, type Listening } from '../database/listen.js';
import { OutboxRepository, type OutboxRow } from './outbox-repository.js';
import { outboxJobId, type JobQueues, type Producer } from './queues.js';

const BATCH = 500;
const POLL_MS = 2000;
/** Finished rows are kept a week, to look into what happened to a job. */
const KEEP_FINISHED_MS = 7 * 24 * 3600 * 1000;

/**
 * Moves committed outbox rows to their BullMQ queues, with `outbox-<id>` as the job id so a
 * row relayed twice (a crash between add and mark) is still one job. Woken by NOTIFY at
 * commit, and by a poll so nothing waits long after Redis comes back.
 *
 * Redis may lose jobs it accepted (no persistence, a failover to a replica behind). So the relay
 * also checks the rows handed over whose job the worker has not finished, every `recheckMs` and at
 * once when its marker key has gone from Redis, and hands over again each job Redis no longer knows.
 */
export class OutboxRelay {
  private readonly rows: OutboxRepository;
  private readonly queues: JobQueues;
  private listening?: Listening;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private again = false;
  private redisWasDown = false;
  private lastRecheck = 0;

  constructor(
    db: Database,
    private readonly pool: pg.Pool,
    private readonly producer: Omit<Producer, 'close'>,
    private readonly log: Logger,
    private readonly recheckMs: number,
  ) {
    this.rows = new OutboxRepository(db);
    this.queues = producer.queues;
  }

  async start(): Promise<void> {
    this.listening = listen(
      this.pool,
      'gather_outbox',
      // Jobs committed while nobody listened (a database restart) were announced to no one.
      { onNotification: () => this.kick(), onListening: () => this.kick() },
      this.log,
    );
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening?.stop();
    clearInterval(this.timer);
    await this.draining;
  }

  /** Relays now, or right after the pass under way. */
  kick(): void {
    // A pass started after the stop would meet the queues' closed connection.
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      let relayed = 0;
      for (;;) {
        const pass = await this.relayBatch();
        relayed += pass;
        if (pass < BATCH) break;
      }
      if (this.redisWasDown && relayed > 0) this.log.info('queue reachable again; relaying the outbox');
      if ((await this.redisForgot()) || Date.now() - this.lastRecheck >= this.recheckMs) await this.recheck();
      this.redisWasDown = false;
    } catch (error) {
      if (!this.redisWasDown)
        this.log.warn({ err: (error as Error).message }, 'queue or database unreachable; jobs wait in the outbox');
      this.redisWasDown = true;
    }
  }

  /** One batch, locked so several API processes never relay the same rows at once. */
  private async relayBatch(): Promise<number> {
    const pass = await this.rows.transaction(async (rows) => {
      const waiting = await rows.waiting(BATCH);
      const ids = waiting.map((row) => row.id);
      try {
        await this.handOver(waiting);
      } catch (error) {
        await rows.markRelayFailed(ids, (error as Error).message);
        return { relayed: 0, failure: error as Error };
      }
      await rows.markRelayed(ids);
      return { relayed: waiting.length };
    });
    if (pass.failure) throw pass.failure;
    return pass.relayed;
  }

  /**
   * Sets the marker key unless Redis still has it: true when Redis is new or has lost its data.
   * Any loss the marker does not reveal (it survived, the jobs did not) waits for the next recheck.
   */
  private async redisForgot(): Promise<boolean> {
    return (await this.producer.redis.set(`${this.queues.email.opts.prefix}:outbox-relay`, '1', 'NX')) === 'OK';
  }

  /**
   * The worker marks a row finished before its job leaves Redis's active list, and the row is
   * locked here while Redis is asked: so a job Redis does not know is one it lost, not one it
   * completed and then dropped (removeOnComplete).
   */
  private async recheck(): Promise<void> {
    const started = Date.now();
    let afterId = 0;
    let lost = 0;
    for (;;) {
      const pass = await this.rows.transaction(async (rows) => {
        const handed = await rows.unfinished(afterId, BATCH);
        const states = await Promise.all(
          handed.map((row) => this.queues[row.queue as QueueName].getJobState(outboxJobId(row.id))),
        );
        const missing = handed.filter((_, index) => states[index] === 'unknown');
        // A job whose finish the worker could not record (the database was away) is read from Redis.
        await rows.markFinished(
          handed.filter((_, index) => states[index] === 'completed' || states[index] === 'failed').map((row) => row.id),
        );
        await this.handOver(missing);
        await rows.markRelayed(missing.map((row) => row.id));
        return { checked: handed.length, lastId: handed.at(-1)?.id ?? afterId, lost: missing.length };
      });
      lost += pass.lost;
      afterId = pass.lastId;
      if (pass.checked < BATCH) break;
    }
    if (lost > 0) this.log.warn({ jobs: lost }, 'Redis had lost jobs it accepted; handed them over again');
    await this.rows.removeFinished(new Date(Date.now() - KEEP_FINISHED_MS));
    // Only a whole pass counts: one cut short (Redis or the database away) is taken again at the next poll.
    this.lastRecheck = started;
  }

  private async handOver(rows: OutboxRow[]): Promise<void> {
    for (const queue of new Set(rows.map((row) => row.queue as QueueName))) {
      await this.queues[queue].addBulk(
        rows
          .filter((row) => row.queue === queue)
          .map((row) => ({
            name: row.jobName,
            data: row.payload,
            // A delayed job waits in Redis, where a worker restart does not lose it (and the recheck finds it).
            opts: { jobId: outboxJobId(row.id), delay: row.runAt ? Math.max(0, row.runAt.getTime() - Date.now()) : 0 },
          })),
      );
    }
  }
}
