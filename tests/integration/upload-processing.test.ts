import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/backend/db/schema';
import type { RunningWorkers } from '@gather/worker/worker';
import { runWorker } from '@gather/worker/run';
import { startTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { signInAsStaff, type Staff } from '../support/staff.js';

let app: TestApp;
let staff: Staff;
let workers: RunningWorkers;
beforeAll(async () => {
  app = await startTestApp({ WORKER_QUEUES: 'uploads,exports' });
  staff = await signInAsStaff(app);
  workers = await runWorker(app.ctx);
});
afterAll(async () => {
  await workers.close();
  await app.close();
});

const hasFfmpeg = !spawnSync('ffmpeg', ['-version']).error && !spawnSync('ffprobe', ['-version']).error;

async function collection(allowVideos = false, on = app) {
  const [created] = await on.ctx.db
    .insert(photoCollections)
    .values({ name: 'Baptism Sunday', allowVideos, maxFileSizeMb: 20 })
    .returning();
  return created!;
}

async function upload(collectionId: string, bytes: Buffer, name: string, type = 'image/jpeg', on = app) {
  const form = new FormData();
  form.append('uploader_name', 'Ruth');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return on.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
}

/** The upload as staff list it, once the worker has finished with it. */
function processed(collectionId: string, id: number, on = { app, staff }) {
  return eventually(async () => {
    const route = `/api/photo-collections/${collectionId}/uploads/`;
    const listed = await on.app.call('GET', route, undefined, on.staff.headers);
    const found = listed.body.find((upload: { id: number }) => upload.id === id);
    if (!found || found.status === 'processing') return undefined;
    // The worker tidies replaced or refused files just after it records the outcome.
    const kept = [found.file, found.display, found.thumbnail, found.poster].filter(Boolean).length;
    return (await filesOf(collectionId, on.app)).length === kept ? found : undefined;
  }, `upload ${id} processed`);
}

async function served(url: string): Promise<{ bytes: Buffer; type: string | null }> {
  const answer = await fetch(app.url + url);
  expect(answer.status, url).toBe(200);
  return { bytes: Buffer.from(await answer.arrayBuffer()), type: answer.headers.get('content-type') };
}

async function filesOf(collectionId: string, on: TestApp = app): Promise<string[]> {
  const folder = path.join(on.mediaDir, 'collections', collectionId);
  const names = await fs.readdir(folder).catch(() => []);
  return names.map((name) => `collections/${collectionId}/${name}`).sort();
}

/** True when the EXIF block (as sharp reads it: "Exif\0\0" then TIFF) points to a GPS section. */
function hasGpsTags(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  for (let entry = 0; entry < u16(ifd); entry += 1) {
    if (u16(ifd + 2 + entry * 12) === 0x8825) return true;
  }
  return false;
}

describe('processing an uploaded photo', () => {
  it('stands it upright, removes its location and camera data and makes WebP display and thumbnail sizes', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#6699cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'Phone maker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 6/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsTags(before.exif)).toBe(true);

    const baptism = await collection();
    const answer = await upload(baptism.id, photo, 'IMG_2041.JPG');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'processing', file: null, thumbnail: null, display: null });
    const [original] = await app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.id, answer.body.id));

    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({
      status: 'ready',
      file_type: 'image',
      mime_type: 'image/jpeg',
      width: 1600,
      height: 2400,
      duration_seconds: null,
      poster: null,
      failure_reason: null,
    });
    expect(ready.file).toMatch(/^\/media\/collections\/.+\.jpg$/);
    expect(ready.file).not.toBe(`/media/${original!.file}`);
    expect(ready.display).toMatch(/\.webp$/);
    expect(ready.thumbnail).toMatch(/\.webp$/);

    const sizes = { file: [1600, 2400], display: [1280, 1920], thumbnail: [320, 480] } as const;
    for (const [version, [width, height]] of Object.entries(sizes)) {
      const { bytes, type } = await served(ready[version]);
      const shown = await sharp(bytes).metadata();
      expect({ version, width: shown.width, height: shown.height }).toEqual({ version, width, height });
      expect(type).toBe(version === 'file' ? 'image/jpeg' : 'image/webp');
      expect(shown.exif, version).toBeUndefined();
      expect(shown.orientation, version).toBeUndefined();
      expect(shown.xmp, version).toBeUndefined();
    }

    const [row] = await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, answer.body.id));
    const cleaned = await fs.readFile(path.join(app.mediaDir, row!.file));
    expect(row!.fileSize).toBe(cleaned.length);
    expect(await filesOf(baptism.id)).toEqual([row!.file, row!.display!, row!.thumbnail!].sort());
    const publicList = await app.call('GET', `/api/photo-collections/public/${baptism.id}/uploads/`);
    const visitorsSee = { ...ready };
    delete visitorsSee.failure_reason;
    expect(publicList.body).toEqual([visitorsSee]);
  });

  it('never enlarges a small image and keeps its format', async () => {
    const small = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const baptism = await collection();
    const answer = await upload(baptism.id, small, 'sticker.png', 'image/png');
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', mime_type: 'image/png', width: 64, height: 48 });
    expect(ready.file).toMatch(/\.png$/);
    for (const version of ['file', 'display', 'thumbnail']) {
      const shown = await sharp((await served(ready[version])).bytes).metadata();
      expect([shown.width, shown.height], version).toEqual([64, 48]);
    }
  });

  it('refuses a decompression bomb without decoding it, and keeps no file of it', async () => {
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const baptism = await collection();
    const answer = await upload(baptism.id, bomb, 'poster.png', 'image/png');
    expect(answer.status).toBe(201);

    const failed = await processed(baptism.id, answer.body.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'The image is too large to process.',
      file: null,
      thumbnail: null,
      display: null,
      width: null,
    });
    expect(await filesOf(baptism.id)).toEqual([]);
    const publicList = await app.call('GET', `/api/photo-collections/public/${baptism.id}/uploads/`);
    expect(publicList.body[0]).not.toHaveProperty('failure_reason');
  });

  it('fails a file that starts like a JPEG but is not one, with a reason staff can read', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 4), Buffer.from('this is not the rest of a photo')]);
    const baptism = await collection();
    const answer = await upload(baptism.id, broken, 'broken.jpg');
    expect(answer.status).toBe(201);
    const failed = await processed(baptism.id, answer.body.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'The file is not a valid image.' });
    expect(await filesOf(baptism.id)).toEqual([]);
  });

  it('still refuses a renamed program at upload, before any processing', async () => {
    const baptism = await collection();
    const program = Buffer.from('7f454c46020101000000000000000000', 'hex');
    const answer = await upload(baptism.id, program, 'holiday.jpg');
    expect(answer.status).toBe(415);
    expect(await app.ctx.db.$count(collectionUploads, eq(collectionUploads.collectionId, baptism.id))).toBe(0);
  });

  it('deletes every version of a processed upload with it', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const baptism = await collection();
    const answer = await upload(baptism.id, photo, 'photo.jpg');
    await processed(baptism.id, answer.body.id);
    expect(await filesOf(baptism.id)).toHaveLength(3);
    const deleted = await app.call(
      'DELETE',
      `/api/photo-collections/uploads/${answer.body.id}/`,
      undefined,
      staff.headers,
    );
    expect(deleted.status).toBe(204);
    expect(await filesOf(baptism.id)).toEqual([]);
  });
});

describe.skipIf(!hasFfmpeg)('processing an uploaded video', () => {
  it('records its duration, makes a poster and thumbnail, and removes its location', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-video-'));
    const clip = path.join(folder, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1'],
      ...['-pix_fmt', 'yuv420p', '-metadata', 'location=+51.5500-000.1000/', clip],
    ]);
    const tags = (file: string) =>
      JSON.parse(
        execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file], {
          encoding: 'utf8',
        }),
      ).format.tags ?? {};
    expect(tags(clip)).toHaveProperty('location');

    const baptism = await collection(true);
    const answer = await upload(baptism.id, await fs.readFile(clip), 'clip.mp4', 'video/mp4');
    expect(answer.status).toBe(201);
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', file_type: 'video', width: 320, height: 240, display: null });
    expect(ready.duration_seconds).toBeCloseTo(1, 1);
    expect(ready.file).toMatch(/\.mp4$/);

    const poster = await sharp((await served(ready.poster)).bytes).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['webp', 320, 240]);
    const thumbnail = await sharp((await served(ready.thumbnail)).bytes).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 320, 240]);

    const video = await served(ready.file);
    expect(video.type).toBe('video/mp4');
    const copy = path.join(folder, 'served.mp4');
    await fs.writeFile(copy, video.bytes);
    expect(tags(copy)).not.toHaveProperty('location');
    expect(await filesOf(baptism.id)).toHaveLength(3);
    await fs.rm(folder, { recursive: true, force: true });
  });
});

describe('processing a video on a server without ffmpeg', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  /** A minimal MP4: an ftyp box is what file-type recognises an MP4 by. */
  const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

  it('makes the video ready as sent, with no duration or poster', async () => {
    const bare = await startTestApp({ WORKER_QUEUES: 'uploads' });
    const emptyPath = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-no-tools-'));
    const { config } = bare.ctx;
    // node is started by its full path; the worker's PATH holds no ffmpeg or ffprobe.
    const worker = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: emptyPath,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: config.DATA_DIR,
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        QUEUE_PREFIX: config.QUEUE_PREFIX,
        WORKER_QUEUES: 'uploads',
      },
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        worker.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('"msg":"worker started"')) resolve();
        });
        worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        worker.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting:\n${output}`)));
      });
      const bareStaff = await signInAsStaff(bare);
      const videos = await collection(true, bare);
      const answer = await upload(videos.id, mp4, 'clip.mp4', 'video/mp4', bare);
      expect(answer.status).toBe(201);
      const [stored] = await bare.ctx.db
        .select()
        .from(collectionUploads)
        .where(eq(collectionUploads.id, answer.body.id));

      const ready = await processed(videos.id, answer.body.id, { app: bare, staff: bareStaff });
      expect(ready).toMatchObject({
        status: 'ready',
        file: `/media/${stored!.file}`,
        duration_seconds: null,
        poster: null,
        thumbnail: null,
        width: null,
      });
    } finally {
      worker.kill('SIGTERM');
      if (worker.exitCode === null) await once(worker, 'exit');
      await bare.close();
      await fs.rm(emptyPath, { recursive: true, force: true });
    }
  });
});
