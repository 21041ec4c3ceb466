import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ArchiveWriter, DATABASE_PREFIX, MEDIA_PREFIX, type Manifest } from './archive.js';
import type { MediaStorage } from '../platform/media/storage.js';
import { codeMigrationLevel, databaseMigrationLevel } from './migration-level.js';
import { columnList, listTables, quoted, readSequences } from './tables.js';

/**
 * Writes one archive of the whole site while it runs: every table as of one moment (a read-only
 * repeatable-read transaction sees one snapshot, and blocks no visitor's writes), then the media files.
 * The app copies the tables itself rather than running pg_dump: the embedded PostgreSQL ships no pg_dump,
 * and the pg_dump a machine may have installed refuses a newer server.
 */
export async function takeBackup(options: {
  databaseUrl: string;
  media: MediaStorage;
  out: string;
}): Promise<Manifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-backup-'));
  // Written beside the target and renamed at the end: a backup cut short never looks like a whole one.
  const partial = `${options.out}.partial`;
  try {
    const { dumped, manifest } = await dumpDatabase(options.databaseUrl, staging);
    const archive = new ArchiveWriter(partial);
    for (const file of dumped) {
      await archive.add(`${DATABASE_PREFIX}${file.table}.copy`, file.size, createReadStream(file.path));
    }
    for await (const file of options.media.list()) {
      const content = await options.media.read(file.path).catch(() => undefined);
      if (!content) continue;
      await archive.add(`${MEDIA_PREFIX}${file.path}`, file.size, content);
      manifest.media_files += 1;
    }
    manifest.entries = archive.entries;
    await archive.finish(manifest);
    await fs.rename(partial, options.out);
    return manifest;
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function dumpDatabase(databaseUrl: string, folder: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const migration = await databaseMigrationLevel(client);
    const tables = await listTables(client);
    const manifest: Manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      app_version: (await codeMigrationLevel()).tag,
      migration,
      tables: {},
      sequences: [],
      media_files: 0,
      entries: {},
    };
    const dumped: Array<{ table: string; path: string; size: number }> = [];
    for (const table of tables) {
      const file = path.join(folder, `${table.name}.copy`);
      let rows = 0;
      // COPY's text format ends every row with a newline and escapes the newlines inside values.
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          for (const byte of chunk) if (byte === 10) rows += 1;
          done(null, chunk);
        },
      });
      const sql = `copy ${quoted(table.name)} (${columnList(table)}) to stdout`;
      await pipeline(client.query(copyTo(sql)), counting, createWriteStream(file));
      manifest.tables[table.name] = { rows, columns: table.columns };
      dumped.push({ table: table.name, path: file, size: (await fs.stat(file)).size });
    }
    // Read after the snapshot began, so each is at least the highest id the copied rows use.
    manifest.sequences = await readSequences(client);
    await client.query('commit');
    return { dumped, manifest };
  } finally {
    await client.end();
  }
}
