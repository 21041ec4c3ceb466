import type { QueueName } from '@gather/contracts';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { JobQueues } from './queues.js';

const BATCH = 500;
const POLL_MS = 2000;
// After a database restart the listener tries again soon, then less and less often while it stays away.
const RELISTEN_FIRST_MS = 500;
const RELISTEN_MAX_MS = 30_000;

/**
 * Moves committed outbox rows to their BullMQ queues, with `outbox-<id>` as the job id so a
 * row relayed twice (a crash between add and mark) is still one job. Woken by NOTIFY at
 * commit, and by a poll so nothing waits long after Redis comes back.
 */
export class OutboxRelay {
  private listener?: pg.PoolClient;
  private relistenDelay = RELISTEN_FIRST_MS;
  private relistenTimer?: NodeJS.Timeout;
  private stopped = false;
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
    await this.listen();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.relistenTimer);
    await this.draining;
    this.listener?.release(true);
    this.listener = undefined;
  }

  /** LISTEN on a connection of its own; when a database restart cuts it, listens again on a new one. */
  private async listen(): Promise<void> {
    const listener = await this.pool.connect();
    listener.on('notification', () => this.kick());
    // The server's 57P01 and the lost socket come as two errors; the first is enough to start over.
    listener.once('error', (error) => {
      // Lost before it listened: listen() fails and its caller tries again.
      if (this.listener !== listener) return;
      this.listener = undefined;
      this.log.warn({ err: error.message }, 'outbox listener lost; the poll relays until it is back');
      listener.release(true);
      this.relisten();
    });
    try {
      await listener.query('listen gather_outbox');
    } catch (error) {
      listener.release(true);
      throw error;
    }
    if (this.stopped) listener.release(true);
    else this.listener = listener;
  }

  private relisten(): void {
    if (this.stopped) return;
    this.relistenTimer = setTimeout(() => {
      this.listen().then(
        () => {
          if (this.stopped) return;
          this.relistenDelay = RELISTEN_FIRST_MS;
          this.log.info('outbox listener back');
          // Jobs committed while nobody listened were announced to no one.
          this.kick();
        },
        () => {
          this.relistenDelay = Math.min(this.relistenDelay * 2, RELISTEN_MAX_MS);
          this.relisten();
        },
      );
    }, this.relistenDelay);
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
          this.log.warn({ err: pass.failure.message }, 'queue or database unreachable; jobs wait in the outbox');
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
