import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema>;
/** What `db.transaction` hands its callback: repositories' helpers that must run inside one take it. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Drizzle hands back dates and decimals as strings; keep `date` as the plain day it is.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * How long a request waits on a database that does not answer (restarting, frozen, unreachable) before it is
 * answered 503: far beyond any statement Gather runs, well within a visitor's patience and a proxy's timeout.
 */
const DATABASE_TIMEOUTS = {
  /** A new connection, or a free one from the pool. */
  connectMs: 5_000,
  /** The server cancels a statement itself after this (57014), leaving the connection usable. */
  statementMs: 10_000,
  /** The client gives up on a server that cannot even cancel (frozen); a little after the server would have. */
  queryMs: 12_000,
  /** A transaction left open by a process that stalled must not hold its locks for long. */
  idleInTransactionMs: 30_000,
} as const;

const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * Two ways a connection checked out of the pool would be lost with the database's outage:
 * - pg gives up on a query after query_timeout but leaves it open on the connection, which would then go back
 *   to the pool mid-conversation: the next request's statements would queue behind it, or run inside its
 *   unfinished transaction and be lost with it. Such a connection is closed instead, as pg itself does in
 *   pipeline mode.
 * - Drizzle's `transaction` sends BEGIN before its try/finally, so a BEGIN that fails (the server just went away)
 *   never gives its connection back: each restart would leak some, until the pool had none left. It is given
 *   back here, as broken.
 */
class DatabaseConnection extends pg.Client {
  override query(...args: unknown[]): never {
    const answer = (super.query as (...args: unknown[]) => unknown)(...args);
    if (answer instanceof Promise) {
      answer.catch((error: Error) => {
        if (error.message === QUERY_READ_TIMEOUT) this.connection.stream.destroy();
        if (isBegin(args[0])) (this as unknown as Partial<pg.PoolClient>).release?.(error);
      });
    }
    return answer as never;
  }
}

function isBegin(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, onConnectionLost?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    Client: DatabaseConnection,
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
    // A server that vanished without closing the connection (a dead host) is noticed by the operating system.
    keepAlive: true,
  });
  // A database restart cuts every connection, idle or checked out (e.g. between two statements of a
  // transaction). pg then emits 'error' on the client (the server's 57P01, then "Connection terminated
  // unexpectedly"), and the pool listens only while the client is idle: unheard, it would end the process.
  // Each client is heard here for its whole life; the statement under way fails on its own (503) and the
  // pool drops the client. The pool's own report of an idle client's error is that same error.
  pool.on('connect', (client) => client.on('error', (error) => onConnectionLost?.(error)));
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Applies the migrations not yet applied; a restore passes a folder holding only the first few. */
export async function applyMigrations(db: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  await migrate(db, { migrationsFolder });
}
