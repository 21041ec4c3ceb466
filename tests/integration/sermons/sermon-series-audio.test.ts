import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { eventually } from '../../support/eventually.js';
import { toneRecording } from '../../support/recordings.js';
import { startMediaApp, type MediaApp } from '../../support/media-app.js';

let media: MediaApp;
let folder: string;
let mp3: Buffer;
let m4a: Buffer;
beforeAll(async () => {
  media = await startMediaApp();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'sermon-audio-'));
  mp3 = toneRecording(folder, 'sermon.mp3', 3, ['-c:a', 'libmp3lame', '-b:a', '64k']);
  m4a = toneRecording(folder, 'sermon.m4a', 2.5, ['-c:a', 'aac', '-b:a', '64k']);
});
afterAll(async () => {
  await media?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const staffCall = (method: string, route: string, body?: unknown) =>
  media.app.call(method, route, body, media.staff.headers);

function fileForm(field: string, bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

const sermon = { title: 'The Good Shepherd', speaker: 'Pastor Ruth', date: '2026-05-03', description: 'John 10' };

describe('sermon series', () => {
  it('are created with artwork the worker cleans, listed, edited, and deleted leaving their sermons', async () => {
    const artwork = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#224466' } })
      .jpeg()
      .toBuffer();
    const created = await staffCall(
      'POST',
      '/api/sermon-series/',
      fileForm('artwork', artwork, 'john.jpg', 'image/jpeg', { title: 'John', description: 'Signs and wonders' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'John', description: 'Signs and wonders' });
    const cleaned = await eventually(async () => {
      const listed = (await media.app.call('GET', '/api/sermon-series/')).body as Array<{ artwork: string | null }>;
      return listed[0]?.artwork ?? undefined;
    }, 'the series artwork cleaned');
    expect(cleaned).toMatch(/^\/media\/sermons\/series\/.+\.webp$/);
    expect((await media.app.call('GET', cleaned)).status).toBe(200);

    const joined = await staffCall('POST', '/api/sermons/', { ...sermon, series_id: created.body.id });
    expect(joined.status).toBe(201);
    expect(joined.body.series).toMatchObject({ id: created.body.id, title: 'John', artwork: cleaned });

    const retitled = new FormData();
    retitled.append('title', 'The Gospel of John');
    const edited = await staffCall('PUT', `/api/sermon-series/${created.body.id}/`, retitled);
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      id: created.body.id,
      title: 'The Gospel of John',
      description: '',
      artwork: cleaned,
    });
    // Editing a sermon without series_id (as older clients do) keeps its series.
    const kept = await staffCall('PUT', `/api/sermons/${joined.body.id}/`, { ...sermon, title: 'I Am the Door' });
    expect(kept.body.series).toMatchObject({ id: created.body.id, title: 'The Gospel of John' });

    expect((await staffCall('DELETE', `/api/sermon-series/${created.body.id}/`)).status).toBe(204);
    expect((await media.app.call('GET', '/api/sermon-series/')).body).toEqual([]);
    const left = (await media.app.call('GET', '/api/sermons/')).body.find(
      (listed: { id: number }) => listed.id === joined.body.id,
    );
    expect(left).toMatchObject({ title: 'I Am the Door', series: null });
    await eventually(async () => (await media.app.call('GET', cleaned)).status === 404, 'the artwork removed');
  });

  it('refuses a sermon in a series that does not exist, and series changes without a session', async () => {
    const refused = await staffCall('POST', '/api/sermons/', { ...sermon, series_id: 987654 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ series_id: ['Select an existing series.'] });
    const untitled = new FormData();
    untitled.append('description', 'No title');
    expect(await staffCall('POST', '/api/sermon-series/', untitled)).toMatchObject({
      status: 400,
      body: { title: ['This field is required.'] },
    });
    const anonymous = new FormData();
    anonymous.append('title', 'Psalms');
    expect((await media.app.call('POST', '/api/sermon-series/', anonymous)).status).toBe(401);
  });
});

describe('sermon audio', () => {
  it('takes an MP3 and an M4A by their bytes, stores the duration, and serves them with ranges', async () => {
    const { body: created } = await staffCall('POST', '/api/sermons/', sermon);
    const asMp3 = await staffCall(
      'PUT',
      `/api/sermons/${created.id}/audio/`,
      fileForm('file', mp3, 'a.bin', 'application/octet-stream'),
    );
    expect(asMp3.status).toBe(200);
    expect(asMp3.body).toMatchObject({ audio_type: 'audio/mpeg', audio_size: mp3.length });
    expect(asMp3.body.audio_url).toMatch(/^\/media\/sermons\/audio\/.+\.mp3$/);
    expect(asMp3.body.audio_duration_seconds).toBeCloseTo(3, 0);
    const [row] = await media.app.ctx.db.select().from(sermons).where(eq(sermons.id, created.id));
    expect(Number(row!.audioDurationSeconds)).toBeCloseTo(3, 0);

    const whole = await fetch(media.app.url + asMp3.body.audio_url);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetch(media.app.url + asMp3.body.audio_url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp3.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(mp3.subarray(100, 200));

    const asM4a = await staffCall(
      'PUT',
      `/api/sermons/${created.id}/audio/`,
      fileForm('file', m4a, 'talk.mp3', 'audio/mpeg'),
    );
    expect(asM4a.status).toBe(200);
    expect(asM4a.body).toMatchObject({
      audio_type: 'audio/x-m4a',
      audio_size: m4a.length,
      audio_duration_seconds: 2.5,
    });
    expect(asM4a.body.audio_url).toMatch(/\.m4a$/);
    // The replaced MP3 is gone.
    expect((await fetch(media.app.url + asMp3.body.audio_url)).status).toBe(404);

    const removed = await staffCall('DELETE', `/api/sermons/${created.id}/audio/`);
    expect(removed.body).toMatchObject({ audio_url: null, audio_size: null, audio_duration_seconds: null });
    expect((await fetch(media.app.url + asM4a.body.audio_url)).status).toBe(404);
  });

  it('refuses a file that is not audio, named as one, with a message on the file field', async () => {
    const { body: created } = await staffCall('POST', '/api/sermons/', sermon);
    const video = path.join(folder, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=10:duration=1',
      '-pix_fmt',
      'yuv420p',
      video,
    ]);
    for (const [bytes, name] of [
      [Buffer.from('%PDF-1.4 not a sermon at all'), 'sermon.mp3'],
      [readFileSync(video), 'sermon.m4a'],
    ] as const) {
      const refused = await staffCall(
        'PUT',
        `/api/sermons/${created.id}/audio/`,
        fileForm('file', bytes, name, 'audio/mpeg'),
      );
      expect(refused.status, name).toBe(415);
      expect(refused.body).toEqual({ file: ['Upload an MP3 or M4A audio file.'] });
    }
    const [row] = await media.app.ctx.db.select().from(sermons).where(eq(sermons.id, created.id));
    expect(row!.audioFile).toBeNull();
    expect(
      (await media.app.call('PUT', `/api/sermons/${created.id}/audio/`, fileForm('file', mp3, 'a.mp3', 'audio/mpeg')))
        .status,
    ).toBe(401);
  });
});
