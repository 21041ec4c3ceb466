import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { mediaStoreSettings, startTestApp, type TestApp } from '../../support/app.js';
import { readStored, storedFiles } from '../../support/stored-media.js';
import { eventually } from '../../support/eventually.js';
import { hasFfmpeg, startMediaApp, type MediaApp } from '../../support/media-app.js';
import {
  animatedGif,
  FIXTURE_LOCATION_ISO6709,
  hasHeifTools,
  heicClaiming,
  heicWithLocation,
  heicWithTwoImages,
  hevcMovWithLocation,
  probed,
} from '../../support/pictures.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
let media: MediaApp;
beforeAll(async () => {
  media = await startMediaApp();
  ({ app, staff } = media);
});
afterAll(() => media.close());

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
  return storedFiles(on, `collections/${collectionId}/`);
}

/** True when the EXIF block (as sharp reads it: "Exif\0\0" then TIFF; from HEIF, TIFF alone) points to a GPS section. */
function hasGpsTags(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const header = exif.indexOf('Exif\0\0', 0, 'latin1');
  const tiff = header < 0 ? exif : exif.subarray(header + 6);
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
    const cleaned = await readStored(app, row!.file);
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

  it('refuses a small animation whose frames together hold too many pixels, and a 100-million-pixel PNG', async () => {
    const animation = animatedGif(99, 1000, 1000);
    expect(animation.length).toBeLessThan(4096);
    const huge = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const baptism = await collection();
    for (const [bytes, name, type] of [
      [animation, 'party.gif', 'image/gif'],
      [huge, 'banner.png', 'image/png'],
    ] as const) {
      const answer = await upload(baptism.id, bytes, name, type);
      expect(answer.status).toBe(201);
      expect(await processed(baptism.id, answer.body.id), name).toMatchObject({
        status: 'failed',
        failure_reason: UPLOAD_FAILURES.imageTooLarge,
        file: null,
      });
    }
    expect(await filesOf(baptism.id)).toEqual([]);
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

/** The average colour of a horizontal band of a picture, as [red, green, blue]. */
async function bandColour(bytes: Buffer, band: 'top' | 'bottom'): Promise<number[]> {
  const { width, height } = await sharp(bytes).metadata();
  const top = band === 'top' ? 0 : Math.floor(height * 0.75);
  // stats() reads its input as it is, so the band is cut out first.
  const cut = await sharp(bytes)
    .extract({ left: 0, top, width, height: Math.floor(height / 4) })
    .png()
    .toBuffer();
  const { channels } = await sharp(cut).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
function expectColour(actual: number[], expected: number[], label: string) {
  actual.forEach((value, at) => expect(Math.abs(value - expected[at]!), `${label}: ${actual}`).toBeLessThan(40));
}

describe.skipIf(!hasHeifTools)('processing an iPhone HEIC photo', () => {
  it('becomes an upright JPEG with WebP display and thumbnail sizes, without its location or camera data', async () => {
    const heic = await heicWithLocation(2400, 1600);
    const before = await sharp(heic).metadata();
    expect(before.format).toBe('heif');
    expect(hasGpsTags(before.exif)).toBe(true);

    const baptism = await collection();
    const answer = await upload(baptism.id, heic, 'IMG_0001.HEIC', 'image/heic');
    expect(answer.status).toBe(201);
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({
      status: 'ready',
      file_type: 'image',
      mime_type: 'image/jpeg',
      width: 1600,
      height: 2400,
      failure_reason: null,
    });
    expect(ready.file).toMatch(/\.jpg$/);

    const sizes = { file: [1600, 2400], display: [1280, 1920], thumbnail: [320, 480] } as const;
    for (const [version, [width, height]] of Object.entries(sizes)) {
      const { bytes, type } = await served(ready[version]);
      const shown = await sharp(bytes).metadata();
      expect({ version, type, width: shown.width, height: shown.height }).toEqual({
        version,
        type: version === 'file' ? 'image/jpeg' : 'image/webp',
        width,
        height,
      });
      expect([shown.exif, shown.xmp, shown.orientation], version).toEqual([undefined, undefined, undefined]);
      // Upright: the left of the stored picture (red) is on top once turned a quarter clockwise.
      expectColour(await bandColour(bytes, 'top'), RED, `${version} top`);
      expectColour(await bandColour(bytes, 'bottom'), BLUE, `${version} bottom`);
    }
    expect(await filesOf(baptism.id)).toHaveLength(3);
  });

  it('refuses a HEIC whose header promises too many pixels, without decoding it', async () => {
    const baptism = await collection();
    const answer = await upload(baptism.id, await heicClaiming(20000, 20000), 'IMG_0003.HEIC', 'image/heic');
    expect(answer.status).toBe(201);
    const failed = await processed(baptism.id, answer.body.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: UPLOAD_FAILURES.imageTooLarge, file: null });
    expect(await filesOf(baptism.id)).toEqual([]);
  });

  it('keeps only the primary image of a HEIC holding several', async () => {
    const baptism = await collection();
    const answer = await upload(baptism.id, await heicWithTwoImages(160, 120), 'IMG_0004.HEIC', 'image/heic');
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', mime_type: 'image/jpeg', width: 160, height: 120 });
    expectColour(await bandColour((await served(ready.file)).bytes, 'top'), RED, 'primary');
    expect(await filesOf(baptism.id)).toHaveLength(3);
  });

  it('turns a photo whose HEIF says how to turn it only once, whatever its EXIF orientation repeats', async () => {
    const heic = await heicWithLocation(600, 400, { turnedByHeif: true });
    const baptism = await collection();
    const answer = await upload(baptism.id, heic, 'IMG_0002.HEIC', 'image/heic');
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', mime_type: 'image/jpeg', width: 400, height: 600 });
    for (const version of ['file', 'display', 'thumbnail']) {
      const { bytes } = await served(ready[version]);
      expect((await sharp(bytes).metadata()).orientation, version).toBeUndefined();
      expectColour(await bandColour(bytes, 'top'), RED, `${version} top`);
      expectColour(await bandColour(bytes, 'bottom'), BLUE, `${version} bottom`);
    }
  });
});

describe.skipIf(!hasFfmpeg)('processing an iPhone HEVC video', () => {
  it('keeps the original for download, and adds an H.264 MP4 capped at 1080p to play, all without location', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-hevc-'));
    const portrait = await hevcMovWithLocation(1440, 2560, 1);
    const sent = path.join(folder, 'sent.mov');
    await fs.writeFile(sent, portrait);
    const sentProbe = await probed(sent);
    expect(sentProbe.streams.map((stream) => stream.codec_name)).toEqual(['hevc', 'aac']);
    expect(JSON.stringify(sentProbe)).toContain(FIXTURE_LOCATION_ISO6709);

    const baptism = await collection(true);
    const answer = await upload(baptism.id, portrait, 'IMG_0001.MOV', 'video/quicktime');
    expect(answer.status).toBe(201);
    const ready = await processed(baptism.id, answer.body.id);
    expect(ready).toMatchObject({ status: 'ready', file_type: 'video', mime_type: 'video/quicktime' });
    expect(ready.file).toMatch(/\.mov$/);
    expect(ready.display).toMatch(/\.mp4$/);
    expect([ready.width, ready.height]).toEqual([1080, 1920]);
    expect(ready.duration_seconds).toBeCloseTo(1, 1);

    const playable = path.join(folder, 'playable.mp4');
    const display = await served(ready.display);
    expect(display.type).toBe('video/mp4');
    await fs.writeFile(playable, display.bytes);
    const shown = await probed(playable);
    expect(
      shown.streams.map(({ codec_type, codec_name, pix_fmt, width, height }) => ({
        codec_type,
        codec_name,
        pix_fmt,
        width,
        height,
      })),
    ).toEqual([
      { codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p', width: 1080, height: 1920 },
      { codec_type: 'audio', codec_name: 'aac', pix_fmt: undefined, width: undefined, height: undefined },
    ]);
    expect(shown.format.format_name).toContain('mp4');
    expect(JSON.stringify(shown)).not.toMatch(/location|\+51\.55/i);

    const original = path.join(folder, 'original.mov');
    await fs.writeFile(original, (await served(ready.file)).bytes);
    const kept = await probed(original);
    expect(kept.streams.map((stream) => [stream.codec_name, stream.width])).toEqual([
      ['hevc', 1440],
      ['aac', undefined],
    ]);
    expect(JSON.stringify(kept)).not.toMatch(/location|\+51\.55/i);

    const poster = await sharp((await served(ready.poster)).bytes).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['webp', 1080, 1920]);
    expect(await filesOf(baptism.id)).toHaveLength(4);
    await fs.rm(folder, { recursive: true, force: true });
  }, 120_000);
});

describe('processing on a server without ffmpeg or heif-convert', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  /** A minimal MP4: an ftyp box is what file-type recognises an MP4 by. */
  const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

  it('makes the video ready as sent, with no duration or poster, and tells staff why a HEIC photo failed', async () => {
    const bare = await startTestApp({ WORKER_QUEUES: 'uploads' });
    const emptyPath = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-no-tools-'));
    const { config } = bare.ctx;
    // node is started by its full path; the worker's PATH holds no ffmpeg, ffprobe or heif tools.
    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/entry/worker.ts'], {
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
        ...mediaStoreSettings(bare),
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

      if (hasHeifTools) {
        const photos = await collection(false, bare);
        const photo = await upload(photos.id, await heicWithLocation(64, 48), 'IMG_0002.HEIC', 'image/heic', bare);
        expect(photo.status).toBe(201);
        const failed = await processed(photos.id, photo.body.id, { app: bare, staff: bareStaff });
        expect(failed).toMatchObject({ status: 'failed', failure_reason: UPLOAD_FAILURES.heicToolMissing, file: null });
        expect(failed.failure_reason).toContain('libheif-examples');
      }
    } finally {
      worker.kill('SIGTERM');
      if (worker.exitCode === null) await once(worker, 'exit');
      await bare.close();
      await fs.rm(emptyPath, { recursive: true, force: true });
    }
  });
});
