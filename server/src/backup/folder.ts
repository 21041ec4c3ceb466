import path from 'node:path';
import { todayIn } from '@gather/contracts';
import type { Config } from '../platform/config.js';

/** Where backups go unless told: BACKUP_DIR (compose's backups volume), else the data folder's backups/. */
export function backupFolder(config: Config): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));
}

/** The church's date and time as 2026-11-25-0930: a backup taken by hand never takes a nightly one's name. */
export function churchDateTime(timeZone: string, now = new Date()): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(now)
    .replace(':', '');
  return `${todayIn(timeZone, now)}-${time}`;
}
