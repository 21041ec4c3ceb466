import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config.js';
import { DamagedArchiveError, verifyArchive } from '../backup/archive.js';
import { mediaStorage } from '../platform/media/media-store.js';
import { isKnownLevel } from '../backup/migration-level.js';
import { checkTargetEmpty, restoreBackup, TargetNotEmptyError } from '../backup/restore.js';
import { commandDatabase } from './command-database.js';

const USAGE = `Usage: npm run restore -- <file> [--force]

Restores a backup into an empty database and media folder. --force replaces what is there (stop the site first).`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const file = path.resolve(positionals[0]!);
  // Checked before anything is touched, even before an empty data folder gets its database.
  const manifest = await verifyArchive(file);
  if (!(await isKnownLevel(manifest.migration))) {
    console.error(
      `This backup was made by a newer Gather (migration ${manifest.migration.tag}). Update this copy first. Nothing was changed.`,
    );
    return 1;
  }
  const media = mediaStorage(config);
  const database = await commandDatabase(config);
  try {
    if (values.force) await emptyFolder(config.MEDIA_DIR);
    else await checkTargetEmpty(database.url, media);
    const report = await restoreBackup({ file, manifest, databaseUrl: database.url, media });
    console.log(`Restored the backup of ${manifest.created_at} (migration ${manifest.migration.tag}):`);
    for (const [table, rows] of Object.entries(report.tables)) console.log(`  ${table}: ${rows} rows`);
    console.log(`  media: ${report.mediaFiles} files`);
    if (report.upgradedFrom) console.log(`Then brought it up to date from migration ${report.upgradedFrom}.`);
    return 0;
  } finally {
    await database.stop();
  }
}

async function emptyFolder(folder: string): Promise<void> {
  const entries = await fs.readdir(folder).catch(() => []);
  await Promise.all(entries.map((entry) => fs.rm(path.join(folder, entry), { recursive: true, force: true })));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof ConfigError || error instanceof DamagedArchiveError || error instanceof TargetNotEmptyError;
    if (error instanceof TargetNotEmptyError) {
      console.error(
        `${error.message} Nothing was changed. Restore into an empty data folder, or add --force to replace it.`,
      );
    } else console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
