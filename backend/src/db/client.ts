import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema.js';

export type Database = NodePgDatabase<typeof schema>;

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Drizzle hands back dates and decimals as strings; keep `date` as the plain day it is.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, onIdleError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection cut by a database restart must not crash the process; the pool reconnects.
  pool.on('error', (error) => onIdleError?.(error));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export async function applyMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
