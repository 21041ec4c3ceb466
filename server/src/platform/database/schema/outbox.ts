import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Jobs written in the same transaction as the data they belong to; a relay moves
 * them to the queue, using this id as the job id so nothing is queued twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    jobName: text('job_name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    relayedAt: timestamp('relayed_at', { withTimezone: true }),
    /** A job to run later: handed over at once as a delayed BullMQ job, so it survives worker restarts. */
    runAt: timestamp('run_at', { withTimezone: true }),
    /** Set by the worker when the job completed or failed for good; until then the relay checks Redis still has it. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('outbox_pending_idx')
      .on(table.id)
      .where(sql`${table.relayedAt} is null`),
    index('outbox_handed_over_idx')
      .on(table.id)
      .where(sql`${table.relayedAt} is not null and ${table.finishedAt} is null`),
  ],
);

/**
 * When each address last got a receipt of each kind. Receipts go to an address a visitor typed, so
 * one per address and kind an hour keeps the forms from being used to flood someone's inbox.
 */
export const receiptsSent = pgTable(
  'receipts_sent',
  {
    kind: text('kind').notNull(),
    /** Lower case, as every form stores addresses. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.email] })],
);
