import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { applyMigrations, MIGRATIONS_FOLDER, type Database } from '../platform/database/client.js';

/** How far a database's schema has come: the number of migrations applied and the last one's name. */
export interface MigrationLevel {
  count: number;
  /** The migration's file name without .sql, e.g. 0015_activity_log; null for a database with none. */
  tag: string | null;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

interface Journal {
  entries: JournalEntry[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The newest migration this copy of Gather knows. */
export async function codeMigrationLevel(): Promise<MigrationLevel> {
  const { entries } = await readJournal();
  return { count: entries.length, tag: entries.at(-1)?.tag ?? null };
}

/** Drizzle records each applied migration with its journal time (`when`) as `created_at`. */
export async function databaseMigrationLevel(client: pg.ClientBase): Promise<MigrationLevel> {
  const table = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table.rows[0]!.found) return { count: 0, tag: null };
  const applied = await client.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const { entries } = await readJournal();
  const last = applied.rows.at(-1);
  const tag = last ? (entries.find((entry) => entry.when === Number(last.created_at))?.tag ?? 'unknown') : null;
  return { count: applied.rows.length, tag };
}

/**
 * Applies only the first `count` migrations, as the database a backup came from had them: Drizzle applies a
 * whole folder, so it is given a folder holding just those.
 */
export async function migrateTo(db: Database, level: MigrationLevel): Promise<void> {
  const journal = await readJournal();
  const entries = journal.entries.slice(0, level.count);
  if (entries.length !== level.count || (entries.at(-1)?.tag ?? null) !== level.tag) {
    throw new Error(`this copy of Gather does not know the migration ${level.tag}`);
  }
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-migrations-'));
  try {
    await fs.mkdir(path.join(folder, 'meta'));
    await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      await fs.copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    await applyMigrations(db, folder);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Whether a backup at `level` can be restored by this code (never a newer schema than it knows). */
export async function isKnownLevel(level: MigrationLevel): Promise<boolean> {
  const { entries } = await readJournal();
  return level.count <= entries.length && (entries[level.count - 1]?.tag ?? null) === level.tag;
}
