import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { cloneOfThisCheckout } from '../support/clone.js';
import { eventually } from '../support/eventually.js';
import { caller } from '../support/http.js';
import { heicWithLocation, hevcMovWithLocation, photoWithLocation } from '../support/pictures.js';
import { startTestSmtp, type TestSmtpServer } from '../support/test-smtp.js';
import { Deployment, dockerHostAddress, requireDocker, writeDotEnv } from './support/deployment.js';
import {
  firstStaffPassword,
  processed,
  PUBLIC_URL,
  served,
  signIn,
  throughProxy,
  upload,
  uploadOf,
  type Staff,
} from './support/site.js';

/**
 * The Docker deploy, run for real as the README tells a church to run it: its .env, the image built, `up -d`, and
 * what a church then relies on. One deployment goes through every step in order, as a real one would.
 */
let deployment: Deployment;
let smtp: TestSmtpServer;
let site: ReturnType<typeof caller>;
let staff: Staff;
let password: string;
let collection: string;
const photos: Record<string, { id: number; sha256: string }> = {};

beforeAll(async () => {
  requireDocker();
  smtp = await startTestSmtp({}, dockerHostAddress());
  const dir = await cloneOfThisCheckout();
  deployment = new Deployment(dir, await freePort());
  await writeDotEnv(dir, {
    POSTGRES_PASSWORD: 'w8Lq3xT0pZr5vN2kC7mA',
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    UNSUBSCRIBE_SECRET: 'f3c1a9d27b6e4085c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6',
    GATHER_PORT: String(deployment.port),
  });
  site = caller(deployment.url);
  await deployment.readmeStep('docker compose build');
  await deployment.readmeStep('docker compose up -d');
  await deployment.healthy(['postgres', 'redis', 'api', 'worker']);
}, 30 * 60_000);

afterAll(async () => {
  await deployment?.remove();
  await fs.rm(deployment?.dir ?? '', { recursive: true, force: true });
  await smtp?.close();
}, 5 * 60_000);

/** Every staff-visible fact the site holds that a restart, a recreate or a restore must keep. */
async function everythingKept() {
  const uploads = await staff.call('GET', `/api/photo-collections/${collection}/uploads/`);
  const messages = await staff.call('GET', '/api/admin/contact-submissions/');
  const files: Record<string, string> = {};
  for (const { id } of Object.values(photos)) {
    const found = await uploadOf(staff, collection, id);
    for (const url of [found.file, found.display, found.thumbnail, found.poster].filter(Boolean)) {
      files[url!] = (await served(deployment.url, url!)).sha256;
    }
  }
  return { uploads: uploads.body, messages: messages.body, files };
}

describe('the Docker deploy, as the README tells a church to run it', () => {
  it('serves the home page and says it is ready, on 127.0.0.1 only', async () => {
    const home = await fetch(deployment.url + '/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1');
    const ready = await site('GET', '/api/ready/');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    const published = await deployment.inspect('api', '{{json .HostConfig.PortBindings}}');
    expect(JSON.parse(published)).toEqual({ '3000/tcp': [{ HostIp: '127.0.0.1', HostPort: String(deployment.port) }] });
  });

  it('prints the first staff password where the README says; staff sign in through the proxy, not around it', async () => {
    password = await firstStaffPassword(deployment);
    const plain = await site('POST', '/api/admin/auth/login', { username: 'admin', password });
    expect(plain.status).toBe(400);
    expect(plain.body.detail).toMatch(/^Sign-in needs https/);
    staff = await signIn(deployment.url, 'admin', password);
    expect((await staff.call('GET', '/api/admin/auth/me')).status).toBe(200);
  });

  it('sets a new staff password with the command the README gives, once the first is gone from the logs', async () => {
    const { stdout } = await deployment.readmeStep('docker compose exec api npm run admin -- reset-password admin');
    const fresh = /Password: (\S+)/.exec(stdout)![1]!;
    expect(fresh).not.toBe(password);
    const old = await site('POST', '/api/admin/auth/login', { username: 'admin', password }, throughProxy());
    expect(old.status).toBe(401);
    password = fresh;
    staff = await signIn(deployment.url, 'admin', password);
  });

  it("sends a contact form's mail through the church's mail server", async () => {
    const sent = await site(
      'POST',
      '/api/contact/',
      { name: 'Grace Okafor', email: 'grace@example.org', subject: 'Parking', message: 'Is there parking?' },
      throughProxy(),
    );
    expect(sent.status).toBe(201);
    const mail = await eventually(async () => smtp.to('office@gatherchurch.org.uk')[0], 'the office is told', 60_000);
    expect(mail.text).toContain('Is there parking?');
  });

  it('processes a JPEG, an iPhone HEIC photo and a video in the worker container, and serves them', async () => {
    const made = await staff.call('POST', '/api/photo-collections/', {
      name: 'Harvest Sunday',
      allow_videos: true,
      max_file_size_mb: 100,
    });
    expect(made.status).toBe(201);
    collection = made.body.id;
    const files = {
      jpeg: [await photoWithLocation(1600, 1200), 'harvest.jpg', 'image/jpeg'],
      heic: [await heicWithLocation(1200, 800), 'IMG_0001.HEIC', 'image/heic'],
      video: [await hevcMovWithLocation(640, 360, 2), 'IMG_0002.MOV', 'video/quicktime'],
    } as const;
    for (const [kind, [bytes, name, type]] of Object.entries(files)) {
      const answer = await upload(deployment.url, collection, bytes, name, type);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const done = await processed(staff, collection, answer.body.id);
      expect(done, kind).toMatchObject({ status: 'ready', failure_reason: null });
      expect(done.thumbnail, kind).toBeTruthy();
      const original = await served(deployment.url, done.file!);
      expect(original.status).toBe(200);
      photos[kind] = { id: done.id, sha256: original.sha256 };
    }
    const heic = await uploadOf(staff, collection, photos.heic!.id);
    expect((await served(deployment.url, heic.display!)).type).toBe('image/webp');
    const video = await uploadOf(staff, collection, photos.video!.id);
    expect(video.poster).toBeTruthy();
    expect((await served(deployment.url, video.display!)).type).toBe('video/mp4');
  });

  it('answers 503 while PostgreSQL is stopped and carries on once it is back, the API never restarted', async () => {
    const startedAt = await deployment.inspect('api', '{{.State.StartedAt}} {{.RestartCount}}');
    await deployment.compose(['stop', 'postgres']);
    try {
      const away = await staff.call('GET', '/api/photo-collections/');
      expect(away.status).toBe(503);
      expect(away.headers.get('retry-after')).toBeTruthy();
      const form = await site(
        'POST',
        '/api/contact/',
        { name: 'Tom', email: 'tom@example.org', subject: 'Hello', message: 'Anyone there?' },
        throughProxy(),
      );
      expect(form.status).toBe(503);
    } finally {
      await deployment.compose(['start', 'postgres']);
      await deployment.healthy(['postgres']);
    }
    await eventually(async () => (await staff.call('GET', '/api/photo-collections/')).status === 200, 'back', 60_000);
    await deployment.readmeStep('docker compose restart postgres');
    await eventually(async () => (await staff.call('GET', '/api/photo-collections/')).status === 200, 'back', 60_000);
    expect(await deployment.inspect('api', '{{.State.StartedAt}} {{.RestartCount}}')).toBe(startedAt);
  });

  it('lets a running video job finish when the worker is stopped', async () => {
    const long = await hevcMovWithLocation(1280, 720, 30);
    const answer = await upload(deployment.url, collection, long, 'IMG_0003.MOV', 'video/quicktime');
    expect(answer.status).toBe(201);
    // The worker is inside the job once ffmpeg runs for it.
    await eventually(
      async () => (await deployment.exec('worker', ['sh', '-c', 'cat /proc/[0-9]*/cmdline'])).stdout.includes('ffmpeg'),
      'ffmpeg runs in the worker',
      120_000,
    );
    expect((await uploadOf(staff, collection, answer.body.id)).status).toBe('processing');
    await deployment.readmeStep('docker compose stop worker');
    const done = await uploadOf(staff, collection, answer.body.id);
    expect(done).toMatchObject({ status: 'ready', failure_reason: null });
    expect(done.display).toBeTruthy();
    photos.long = { id: done.id, sha256: (await served(deployment.url, done.file!)).sha256 };
    const said = await deployment.logs('worker');
    expect(said).toContain('letting running jobs finish');
    await deployment.compose(['start', 'worker']);
    await deployment.healthy(['worker']);
  });

  it('keeps every row and file through `down` and `up -d`', async () => {
    const before = await everythingKept();
    await deployment.readmeStep('docker compose down');
    await deployment.readmeStep('docker compose up -d');
    await deployment.healthy(['postgres', 'redis', 'api', 'worker']);
    staff = await signIn(deployment.url, 'admin', password);
    expect(await everythingKept()).toEqual(before);
  });

  it('writes a backup now with the backup service, and that backup restores on a new machine', async () => {
    const { stdout } = await deployment.readmeStep('docker compose exec backup npm run backup');
    const written = /to (\/backups\/gather-[\d-]+\.tar\.gz)/.exec(stdout)?.[1];
    expect(written, stdout).toBeTruthy();
    const before = await everythingKept();

    // Copied off the machine as the README says, then a new machine: nothing but the clone and the copy.
    const copies = path.join(deployment.dir, 'gather-backups');
    await deployment.readmeSays('docker cp "$(docker compose ps -q backup):/backups" ./gather-backups');
    await deployment.docker(['cp', `${await deployment.container('backup')}:/backups`, copies]);
    await deployment.remove();
    const file = path.join(copies, path.basename(written!));
    await deployment.readmeSays(
      'docker compose run --rm -v "$PWD/gather-backups/gather-2026-11-25.tar.gz:/restore.tar.gz:ro" api npm run restore -- /restore.tar.gz',
    );
    const restored = await deployment.compose([
      'run',
      '--rm',
      '-T',
      '-v',
      `${file}:/restore.tar.gz:ro`,
      'api',
      'npm',
      'run',
      'restore',
      '--',
      '/restore.tar.gz',
    ]);
    expect(restored.stdout).toContain('Restored the backup of');
    await deployment.readmeStep('docker compose up -d');
    await deployment.healthy(['postgres', 'redis', 'api', 'worker']);
    staff = await signIn(deployment.url, 'admin', password);
    expect(await everythingKept()).toEqual(before);
  });
});
