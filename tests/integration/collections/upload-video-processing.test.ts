import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_FAILURES } from '@gather/contracts';
import { collectionUploads } from '@gather/server/platform/database/schema/collections';
import { mediaStoreSettings, startTestApp } from '../../support/app.js';
import { hasFfmpeg } from '../../support/media-app.js';
import {
  FIXTURE_LOCATION_ISO6709,
  hasHeifTools,
  heicWithLocation,
  hevcMovWithLocation,
  probed,
} from '../../support/pictures.js';
import { workerStarted } from '../../support/processes.js';
import { sharedEnv } from '../../support/site-process.js';
import { signInAsStaff } from '../../support/staff.js';
import { UploadProcessing } from '../../support/upload-processing.js';

const { collection, upload, processed, served, filesOf } = UploadProcessing.forFile();

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
        ...sharedEnv(bare),
        PATH: emptyPath,
        DATA_DIR: config.DATA_DIR,
        WORKER_QUEUES: 'uploads',
        ...mediaStoreSettings(bare),
      },
    });
    try {
      await workerStarted(worker);
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
