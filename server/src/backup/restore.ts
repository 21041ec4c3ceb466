import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { applyMigrations, connectDatabase } from '../platform/database/client.js';
import { DATABASE_PREFIX, MEDIA_PREFIX, readArchive, type Manifest } from './archive.js';
import type { MediaStorage } from '../platform/media/storage.js';
import { databaseMigrationLevel, migrateTo } from './migration-level.js';
import { columnList, listTables, quoted } from './tables.js';

export class TargetNotEmptyError extends Error {}

export interface RestoreReport {
  tables: Record<string, number>;
  mediaFiles: number;
  /** Migrations applied after the data, for a backup made by an older Gather. */
  upgradedFrom: string | null;
}

/** Refuses a database or media folder that already holds something, unless told to replace it. */
export async function checkTargetEmpty(databaseUrl: string, media: MediaStorage): Promise<void> {
  for await (const file of media.list()) {
    throw new TargetNotEmptyError(`The media folder already holds files (${file.path}, …).`);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const table of await listTables(client)) {
      const answer = await client.query(`select 1 from ${quoted(table.name)} limit 1`);
      if (answer.rowCount) throw new TargetNotEmptyError(`The database already holds data (table ${table.name}).`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Builds the schema the backup was made in, loads its rows and files, then applies the migrations this code
 * has beyond it. The archive must have been verified first (verifyArchive).
 */
export async function restoreBackup(options: {
  file: string;
  manifest: Manifest;
  databaseUrl: string;
  media: MediaStorage;
}): Promise<RestoreReport> {
  const { manifest } = options;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const database = connectDatabase(options.databaseUrl);
  try {
    // The target was found empty or is to be replaced: either way its schema is rebuilt at the backup's level.
    await client.query(
      'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
    );
    await migrateTo(database.db, manifest.migration);
    const columns = new Map((await listTables(client)).map((table) => [table.name, table]));
    const report: RestoreReport = { tables: {}, mediaFiles: 0, upgradedFrom: null };
    await client.query('begin');
    // Rows go in table by table; foreign keys (and triggers) are not checked while they do, as pg_restore does.
    await client.query('set local session_replication_role = replica');
    await readArchive(options.file, async (name, content) => {
      if (name.startsWith(DATABASE_PREFIX)) {
        const table = name.slice(DATABASE_PREFIX.length).replace(/\.copy$/, '');
        await copyTable(client, table, manifest, columns, content);
        report.tables[table] = manifest.tables[table]!.rows;
      } else if (name.startsWith(MEDIA_PREFIX)) {
        await options.media.write(name.slice(MEDIA_PREFIX.length), content);
        report.mediaFiles += 1;
      } else {
        content.resume();
      }
    });
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1, $2, $3)', [
        `public.${quoted(sequence.name)}`,
        sequence.value ?? 1,
        sequence.value !== null,
      ]);
    }
    await client.query('commit');
    const restoredLevel = await databaseMigrationLevel(client);
    await applyMigrations(database.db);
    const upgraded = await databaseMigrationLevel(client);
    if (upgraded.count !== restoredLevel.count) report.upgradedFrom = restoredLevel.tag;
    return report;
  } finally {
    await database.close();
    await client.end();
  }
}

async function copyTable(
  client: pg.Client,
  table: string,
  manifest: Manifest,
  columns: Map<string, { name: string; columns: string[] }>,
  content: Readable,
): Promise<void> {
  const shape = manifest.tables[table];
  if (!shape || !columns.has(table)) throw new Error(`the backup's table ${table} is not in its schema`);
  const sql = `copy ${quoted(table)} (${columnList({ name: table, columns: shape.columns })}) from stdin`;
  await pipeline(content, client.query(copyFrom(sql)));
}
