import type { QueueName } from '@gather/contracts';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { JobQueues } from './queues.js';

const BATCH = 500;
const POLL_MS = 2000;

/**
 * Moves committed outbox rows to their BullMQ queues, with `outbox-<id>` as the job id so a
 * row relayed twice (a crash between add and mark) is still one job. Woken by NOTIFY at
 * commit, and by a poll so nothing waits long after Redis comes back.
 */
export class OutboxRelay {
  private listener?: pg.PoolClient;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private again = false;
  private redisWasDown = false;

  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly queues: JobQueues,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    const listener = await this.pool.connect();
    listener.on('notification', () => this.kick());
    listener.on('error', (error) => this.log.warn({ err: error.message }, 'outbox listener lost'));
    await listener.query('listen gather_outbox');
    this.listener = listener;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.draining;
    this.listener?.release(true);
  }

  /** Relays now, or right after the pass under way. */
  kick(): void {
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
    for (;;) {
      const pass = await this.relayBatch().catch((error: Error) => ({ relayed: 0, failure: error }));
      if (pass.failure) {
        if (!this.redisWasDown)
          this.log.warn({ err: pass.failure.message }, 'queue unreachable; jobs wait in the outbox');
        this.redisWasDown = true;
        return;
      }
      if (this.redisWasDown && pass.relayed > 0) this.log.info('queue reachable again; relaying the outbox');
      this.redisWasDown = false;
      if (pass.relayed < BATCH) return;
    }
  }

  /** One batch, locked so several API processes never relay the same rows at once. */
  private relayBatch(): Promise<{ relayed: number; failure?: Error }> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(isNull(outbox.relayedAt))
        .orderBy(asc(outbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { relayed: 0 };
      const ids = rows.map((row) => row.id);
      try {
        for (const queue of new Set(rows.map((row) => row.queue as QueueName))) {
          await this.queues[queue].addBulk(
            rows
              .filter((row) => row.queue === queue)
              .map((row) => ({ name: row.jobName, data: row.payload, opts: { jobId: `outbox-${row.id}` } })),
          );
        }
      } catch (error) {
        await tx
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, lastError: (error as Error).message })
          .where(inArray(outbox.id, ids));
        return { relayed: 0, failure: error as Error };
      }
      await tx.update(outbox).set({ relayedAt: new Date() }).where(inArray(outbox.id, ids));
      return { relayed: rows.length };
    });
  }
}
