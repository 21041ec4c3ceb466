import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { todayIn } from '@gather/contracts';
import { verifyArchive } from '@gather/server/backup/archive';
import { codeMigrationLevel, databaseMigrationLevel, migrateTo } from '@gather/server/backup/migration-level';
import { connectDatabase, MIGRATIONS_FOLDER } from '@gather/server/platform/database/client';
import { albumImages } from '@gather/server/platform/database/schema/albums';
import { emailCampaigns } from '@gather/server/platform/database/schema/newsletters';
import { ensureDatabase, startEmbeddedPostgres } from '@gather/server/platform/local-services/embedded-postgres';
import { databaseFingerprint, gatherCommand, mediaFingerprint } from '../../support/backups.js';
import { eventually } from '../../support/eventually.js';
import { startMediaApp, type MediaApp } from '../../support/media-app.js';
import { photoWithLocation } from '../../support/pictures.js';

let site: MediaApp;
let scratch: string;
let backup: string;

const staffCall = (method: string, route: string, body?: unknown) =>
  site.app.call(method, route, body, site.staff.headers);

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-backups-'));
  // As root the embedded PostgreSQL runs as the postgres user, who must be able to enter the data folder.
  await fs.chmod(scratch, 0o755);
  backup = path.join(scratch, 'gather.tar.gz');
  site = await startMediaApp();
  jpeg = await photoWithLocation(800, 600);
  // Content, a photo the worker has processed, a message from a visitor and a campaign still sending
  // (this site runs no e-mail worker, so its deliveries wait).
  const album = await staffCall('POST', '/api/albums/', picture({ title: 'Harvest' }));
  const photo = await staffCall('POST', '/api/gallery/', picture({ album: String(album.body.id) }, 'image'));
  expect(photo.status).toBe(201);
  await eventually(async () => {
    const [row] = await site.app.ctx.db.select().from(albumImages).where(eq(albumImages.id, photo.body.id));
    return row && row.status !== 'processing';
  }, 'photo processed');
  const contact = await site.app.call('POST', '/api/contact/', {
    name: 'Grace Okafor',
    email: 'grace@example.org',
    subject: 'Parking',
    message: 'Is there parking on Sunday?',
  });
  expect(contact.status).toBe(201);
  const sent = await staffCall('POST', '/api/admin/email/send/', {
    kind: 'service',
    recipients: [1, 2, 3].map((n) => ({ email: `member${n}@example.org`, name: `Member ${n}` })),
    subject: 'Harvest supper',
    content: 'Join us on Saturday.',
  });
  expect(sent.status).toBe(202);
  const [campaign] = await site.app.ctx.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, sent.body.id));
  expect(campaign!.status).toBe('sending');
}, 120_000);

afterAll(async () => {
  await site?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

let jpeg: Buffer | undefined;
function picture(fields: Record<string, string>, field?: string): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (field) data.append(field, new Blob([new Uint8Array(jpeg!)], { type: 'image/jpeg' }), 'harvest.jpg');
  return data;
}

const siteEnv = () => ({ DATABASE_URL: site.app.ctx.config.DATABASE_URL!, MEDIA_DIR: site.app.mediaDir });

describe('npm run backup and npm run restore', () => {
  it('backs up the running site and restores every row and file into a fresh data folder', async () => {
    const before = await databaseFingerprint(site.app.ctx.config.DATABASE_URL!);
    const mediaBefore = await mediaFingerprint(site.app.mediaDir);
    expect(Object.keys(mediaBefore).length).toBeGreaterThan(1);

    // Visitors keep being served while the backup runs.
    const backingUp = gatherCommand('backup', ['--out', backup], siteEnv());
    const visits = await Promise.all([1, 2, 3].map(() => site.app.call('GET', '/api/albums/')));
    const made = await backingUp;
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(visits.map((visit) => visit.status)).toEqual([200, 200, 200]);
    expect(made.stdout).toMatch(/Backed up \d+ rows in \d+ tables and \d+ media files/);

    const dataDir = path.join(scratch, 'new-machine');
    const restored = await gatherCommand('restore', [backup], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('email_deliveries: 3 rows');
    expect(restored.stdout).toContain(`media: ${Object.keys(mediaBefore).length} files`);

    const postgres = await startEmbeddedPostgres({ dataDir, log: pino({ level: 'silent' }) });
    try {
      expect(await databaseFingerprint(postgres.url)).toEqual(before);
    } finally {
      await postgres.stop();
    }
    expect(await mediaFingerprint(path.join(dataDir, 'media'))).toEqual(mediaBefore);
  });

  it('refuses a damaged archive and a database that holds data, changing nothing', async () => {
    const archive = await fs.readFile(backup);
    const damaged = path.join(scratch, 'damaged.tar.gz');
    const flipped = Buffer.from(archive);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const cut = archive.subarray(0, archive.length - 200);
    // A well-formed archive whose data was changed: only the manifest's checksums can tell.
    const altered = gzipSync(
      Buffer.from(gunzipSync(archive).toString('latin1').replace('Grace Okafor', 'Grace Okafoz'), 'latin1'),
    );
    const dataDir = path.join(scratch, 'untouched');
    await fs.mkdir(dataDir);
    for (const bytes of [flipped, cut, altered]) {
      await fs.writeFile(damaged, bytes);
      const refused = await gatherCommand('restore', [damaged], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is damaged');
      expect(refused.stderr).toContain('Nothing was changed.');
      expect(await fs.readdir(dataDir)).toEqual([]);
    }

    const before = await databaseFingerprint(site.app.ctx.config.DATABASE_URL!);
    const overwrite = await gatherCommand('restore', [backup], siteEnv());
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('Nothing was changed. Restore into an empty data folder, or add --force');
    expect(await databaseFingerprint(site.app.ctx.config.DATABASE_URL!)).toEqual(before);
  });

  it('restores a backup made before the newest migration, then brings it up to date', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const urlOf = (name: string) => adminUrl.replace(/\/postgres$/, `/${name}`);
    const suffix = Math.random().toString(16).slice(2, 10);
    await ensureDatabase(adminUrl, `gather_old_${suffix}`);
    await ensureDatabase(adminUrl, `gather_new_${suffix}`);
    const current = await codeMigrationLevel();
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const previous = { count: current.count - 1, tag: journal.entries[current.count - 2]!.tag };

    // A site still on the previous release, holding a sermon.
    const old = connectDatabase(urlOf(`gather_old_${suffix}`));
    await migrateTo(old.db, previous);
    await old.pool.query(
      `insert into sermons (title, speaker, date) values ('Sowing in hope', 'Revd Ruth', '2026-09-06')`,
    );
    await old.close();

    const oldBackup = path.join(scratch, 'previous-release.tar.gz');
    const emptyMedia = path.join(scratch, 'old-media');
    const made = await gatherCommand('backup', ['--out', oldBackup], {
      DATABASE_URL: urlOf(`gather_old_${suffix}`),
      MEDIA_DIR: emptyMedia,
    });
    expect(made.code).toBe(0);
    expect((await verifyArchive(oldBackup)).migration).toEqual(previous);

    const restored = await gatherCommand('restore', [oldBackup], {
      DATABASE_URL: urlOf(`gather_new_${suffix}`),
      MEDIA_DIR: path.join(scratch, 'new-media'),
    });
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain(`Then brought it up to date from migration ${previous.tag}.`);
    const client = new pg.Client({ connectionString: urlOf(`gather_new_${suffix}`) });
    await client.connect();
    try {
      expect(await databaseMigrationLevel(client)).toEqual(current);
      const sermons = await client.query('select title, speaker from sermons');
      expect(sermons.rows).toEqual([{ title: 'Sowing in hope', speaker: 'Revd Ruth' }]);
    } finally {
      await client.end();
    }
  });

  it("writes tonight's backup once and keeps only the newest BACKUP_KEEP (the compose backup service)", async () => {
    const folder = path.join(scratch, 'nightly');
    await fs.mkdir(folder);
    const older = ['gather-2026-01-01.tar.gz', 'gather-2026-01-02.tar.gz', 'gather-2026-01-03.tar.gz'];
    for (const name of [...older, 'notes.txt']) await fs.writeFile(path.join(folder, name), 'old');
    const env = { ...siteEnv(), BACKUP_DIR: folder, BACKUP_KEEP: '2', CHURCH_TIMEZONE: 'Europe/London' };
    const first = await gatherCommand('backup-nightly', ['--once'], env);
    expect(first.code).toBe(0);
    const tonight = `gather-${todayIn('Europe/London')}.tar.gz`;
    expect((await fs.readdir(folder)).sort()).toEqual(['gather-2026-01-03.tar.gz', tonight, 'notes.txt']);
    await verifyArchive(path.join(folder, tonight));
    const again = await gatherCommand('backup-nightly', ['--once'], env);
    expect(again).toMatchObject({ code: 0, stdout: '' });
  });

  it('says "Backup failed" with the cause when the file cannot be written (a full disk), leaving nothing behind', async () => {
    const folder = path.join(scratch, 'full-disk');
    await fs.mkdir(folder);
    const tonight = `gather-${todayIn('Europe/London')}.tar.gz`;
    // Every write to /dev/full fails with ENOSPC, as on a disk that has filled up, even for root.
    await fs.symlink('/dev/full', path.join(folder, `${tonight}.partial`));
    const failed = await gatherCommand('backup-nightly', ['--once'], { ...siteEnv(), BACKUP_DIR: folder });
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim()).toMatch(/^Backup failed: .*ENOSPC/);
    expect(await fs.readdir(folder)).toEqual([]);
  });

  it('backs up now into the backups folder, under a name the nightly backups never take or remove', async () => {
    const folder = path.join(scratch, 'now');
    const made = await gatherCommand('backup', [], { ...siteEnv(), BACKUP_DIR: folder });
    expect(made.code).toBe(0);
    const [file, ...others] = await fs.readdir(folder);
    expect(others).toEqual([]);
    expect(file).toMatch(new RegExp(`^gather-${todayIn('Europe/London')}-\\d{4}\\.tar\\.gz$`));
    expect(made.stdout).toContain(path.join(folder, file!));
    await verifyArchive(path.join(folder, file!));
  });
});
