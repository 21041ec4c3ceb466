import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config.js';
import { mediaStorage } from '../platform/media/media-store.js';
import { backupFolder, churchDateTime } from '../backup/folder.js';
import { takeBackup } from '../backup/take-backup.js';
import { commandDatabase } from './command-database.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
  const config = loadConfig();
  // Without --out, beside the nightly ones (the compose backup service's volume), under a name they never take.
  const out = path.resolve(
    values.out ?? path.join(backupFolder(config), `gather-${churchDateTime(config.CHURCH_TIMEZONE)}.tar.gz`),
  );
  await fs.mkdir(path.dirname(out), { recursive: true });
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
