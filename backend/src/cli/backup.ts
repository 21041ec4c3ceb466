import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@gather/core/config';
import { mediaStorage } from '@gather/core/media/media-store';
import { takeBackup } from '../backup/take-backup.js';
import { commandDatabase } from './command-database.js';

const USAGE = `Usage: npm run backup -- --out <file>

Writes the database and the media files into one archive (e.g. gather-2026-11-25.tar.gz) while the site runs.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
  if (!values.out) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const out = path.resolve(values.out);
  const database = await commandDatabase(config);
  try {
    const manifest = await takeBackup({ databaseUrl: database.url, media: mediaStorage(config), out });
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.media_files} media files ` +
        `(migration ${manifest.migration.tag}) to ${out}`,
    );
    return 0;
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
