import { and, asc, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../database/client.js';
import { outbox } from '../database/schema/outbox.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** The outbox table as the relay and the worker see it. */
export class OutboxRepository {
  constructor(private readonly db: Database | Transaction) {}

  /** Runs `work` in one transaction: rows it locks stay locked to other relays and to the worker until it ends. */
  transaction<T>(work: (rows: OutboxRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new OutboxRepository(tx)));
  }

  /** Rows not handed over yet, oldest first, locked (rows another relay holds are skipped). */
  waiting(limit: number): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(outbox)
      .where(isNull(outbox.relayedAt))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  /** Rows handed over whose job the worker has not finished, after `afterId`, locked like `waiting`. */
  unfinished(afterId: number, limit: number): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(outbox)
      .where(and(isNotNull(outbox.relayedAt), isNull(outbox.finishedAt), gt(outbox.id, afterId)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  async markRelayed(ids: number[]): Promise<void> {
    if (ids.length) await this.db.update(outbox).set({ relayedAt: new Date() }).where(inArray(outbox.id, ids));
  }

  async markRelayFailed(ids: number[], reason: string): Promise<void> {
    await this.db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: reason })
      .where(inArray(outbox.id, ids));
  }

  async markFinished(ids: number[]): Promise<void> {
    if (ids.length)
      await this.db
        .update(outbox)
        .set({ finishedAt: new Date() })
        .where(and(inArray(outbox.id, ids), isNull(outbox.finishedAt)));
  }

  /** Forgets rows whose job finished before `before`. */
  async removeFinished(before: Date): Promise<void> {
    await this.db.delete(outbox).where(lt(outbox.finishedAt, before));
  }
}
