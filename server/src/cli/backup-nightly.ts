import fs from 'node:fs/promises';
import path from 'node:path';
import { todayIn } from '@gather/contracts';
import { ConfigError, loadConfig, type Config } from '../platform/config.js';
import { mediaStorage } from '../platform/media/media-store.js';
import { backupFolder } from '../backup/folder.js';
import { takeBackup } from '../backup/take-backup.js';
import { commandDatabase } from './command-database.js';

/**
 * docker compose's backup service: once a night (from 02:00 in the church's time zone) writes
 * gather-<date>.tar.gz into BACKUP_DIR and keeps the newest BACKUP_KEEP. A restart the same night
 * finds tonight's file and waits for the next. `--once` backs up now (if tonight's is missing) and stops.
 */
const NIGHT_STARTS_AT_HOUR = 2;
const LOOK_EVERY_MS = 5 * 60_000;
const NAME = /^gather-\d{4}-\d{2}-\d{2}\.tar\.gz$/;

async function backUpTonight(config: Config, folder: string, now: boolean): Promise<void> {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: config.CHURCH_TIMEZONE }).format(),
  );
  if (!now && hour < NIGHT_STARTS_AT_HOUR) return;
  const out = path.join(folder, `gather-${todayIn(config.CHURCH_TIMEZONE)}.tar.gz`);
  if (
    await fs.stat(out).then(
      () => true,
      () => false,
    )
  )
    return;
  const database = await commandDatabase(config);
  try {
    const manifest = await takeBackup({ databaseUrl: database.url, media: mediaStorage(config), out });
    console.log(
      `Backed up ${Object.keys(manifest.tables).length} tables and ${manifest.media_files} media files to ${out}`,
    );
  } finally {
    await database.stop();
  }
  const kept = (await fs.readdir(folder))
    .filter((name) => NAME.test(name))
    .sort()
    .reverse();
  for (const old of kept.slice(config.BACKUP_KEEP)) await fs.rm(path.join(folder, old), { force: true });
}

/** One line an operator can act on; the cause (a full disk, a database away) is in the message. */
function sayFailed(error: unknown): false {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  return false;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const folder = backupFolder(config);
  await fs.mkdir(folder, { recursive: true });
  if (process.argv.includes('--once')) {
    const done = await backUpTonight(config, folder, true).then(() => true, sayFailed);
    return done ? 0 : 1;
  }
  for (;;) {
    // A failed night is tried again at the next look, and said in the log.
    await backUpTonight(config, folder, false).catch(sayFailed);
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
