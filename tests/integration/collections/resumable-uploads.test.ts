import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { LocalMediaStorage } from '@gather/server/platform/media/local-storage';
import { startTestApp, type TestApp } from '../../support/app.js';
import { readStored, storedFiles as filesUnder } from '../../support/stored-media.js';
import { eventually } from '../../support/eventually.js';

let app: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const MIB = 1024 * 1024;
const ROOT = '/api/uploads/resumable/';
const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
/** A minimal MP4: an ftyp box is what file-type recognises an MP4 by. */
const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

async function collection(values: Partial<typeof photoCollections.$inferInsert> = {}) {
  const [created] = await app.ctx.db
    .insert(photoCollections)
    .values({ name: 'Baptism', allowVideos: false, maxFileSizeMb: 5, ...values })
    .returning();
  return created!;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One raw HTTP request, so a test controls (and counts) every byte of the body. */
function request(method: string, route: string, headers: Record<string, string | number>, body?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = http.request(app.url + route, { method, headers: { 'Tus-Resumable': '1.0.0', ...headers } });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function create(size: number, fields: Record<string, string>) {
  return request('POST', ROOT, { 'Upload-Length': size, 'Upload-Metadata': metadata(fields) });
}

const patch = (location: string, offset: number, bytes: Buffer) =>
  request(
    'PATCH',
    location,
    { 'Upload-Offset': offset, 'Content-Type': 'application/offset+octet-stream', 'Content-Length': bytes.length },
    bytes,
  );

const offsetOf = async (location: string) => {
  const head = await request('HEAD', location, {});
  return { status: head.status, offset: Number(head.headers['upload-offset']) };
};

const tusFolder = () => path.join(app.mediaDir, '.incoming', 'tus');
const tusFiles = async () => (await fs.readdir(tusFolder()).catch(() => [])).sort();
/** What the tus folder still holds of one upload: its data and its description. */
const leftOf = async (location: string) =>
  (await tusFiles()).filter((name) => name.startsWith(path.basename(location)));
const rows = (collectionId: string) =>
  app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.collectionId, collectionId));
const storedFiles = async (collectionId: string) => filesUnder(app, `collections/${collectionId}/`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a resumable upload cut off half-way', () => {
  it('continues from where the server got to, sends only the rest, and stores the file once', async () => {
    const baptism = await collection({ maxFileSizeMb: 100 });
    // A real JPEG header followed by filler: 60 MB that sniff as a photo.
    const original = Buffer.concat([jpeg, randomBytes(60 * MIB - jpeg.length)]);
    const created = await create(original.length, {
      collection_id: baptism.id,
      filename: 'font.jpg',
      filetype: 'image/jpeg',
      uploader_name: 'Grace',
    });
    expect(created.status).toBe(201);
    // Only the site's own pages upload here: no other site is allowed to read the answers.
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const location = created.headers.location!;
    expect(location).toMatch(/^\/api\/uploads\/resumable\/[0-9a-f]{32}$/);

    // The first PATCH promises the whole file and dies (the phone leaves the Wi-Fi) after about half of it.
    const dropped = http.request(app.url + location, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': 0,
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': original.length,
      },
    });
    dropped.on('error', () => undefined);
    dropped.write(original.subarray(0, 30 * MIB));
    const dataFile = path.join(tusFolder(), path.basename(location));
    await eventually(async () => (await fs.stat(dataFile)).size >= 20 * MIB, 'half the file has arrived');
    dropped.destroy();

    const { status, offset } = await offsetOf(location);
    expect(status).toBe(200);
    expect(offset).toBeGreaterThanOrEqual(20 * MIB);
    expect(offset).toBeLessThanOrEqual(30 * MIB);
    expect(await rows(baptism.id)).toEqual([]);

    const rest = original.subarray(offset);
    const finished = await patch(location, offset, rest);
    expect(rest.length).toBe(original.length - offset);
    expect(finished.status).toBe(200);
    const answer = JSON.parse(finished.body);
    expect(answer).toMatchObject({
      original_filename: 'font.jpg',
      uploader_name: 'Grace',
      file_type: 'image',
      status: 'processing',
      file_size_mb: 60,
    });

    const saved = await rows(baptism.id);
    expect(saved.map((row) => row.id)).toEqual([answer.id]);
    const files = await storedFiles(baptism.id);
    expect(files).toHaveLength(1);
    expect(sha256(await readStored(app, files[0]!))).toBe(sha256(original));
    // Finished: its tus data is gone, and asking after it finds nothing.
    expect(await leftOf(location)).toEqual([]);
    expect((await offsetOf(location)).status).toBe(404);
  });
});

describe('checks before the first byte', () => {
  it('refuses a file over the collection limit at creation, with the multipart call message', async () => {
    const baptism = await collection({ maxFileSizeMb: 5 });
    const before = await tusFiles();
    const created = await create(5 * MIB + 1, { collection_id: baptism.id, filename: 'big.jpg' });
    expect(created.status).toBe(413);
    expect(JSON.parse(created.body)).toEqual({ file: ['File is too large. The maximum size is 5 MB.'] });
    expect(created.headers.location).toBeUndefined();
    expect(await tusFiles()).toEqual(before);

    const atTheLimit = await create(5 * MIB, { collection_id: baptism.id, filename: 'big.jpg' });
    expect(atTheLimit.status).toBe(201);
  });

  it('answers 404 for an unknown, malformed or closed collection', async () => {
    const closed = await collection({ isActive: false });
    for (const id of [missingId, 'not-a-uuid', closed.id]) {
      const created = await create(jpeg.length, { collection_id: id, filename: 'a.jpg' });
      expect({ id, status: created.status }).toEqual({ id, status: 404 });
      expect(JSON.parse(created.body)).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 400 per field for bad metadata', async () => {
    const baptism = await collection();
    const long = await create(jpeg.length, { collection_id: baptism.id, uploader_name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(JSON.parse(long.body)).toEqual({ uploader_name: ['Ensure this field has no more than 100 characters.'] });

    const nowhere = await create(jpeg.length, { filename: 'a.jpg' });
    expect(nowhere.status).toBe(400);
    expect(JSON.parse(nowhere.body)).toEqual({ collection_id: ['This field is required.'] });
  });

  it('refuses an upload that will not say its size', async () => {
    const baptism = await collection();
    const deferred = await request('POST', ROOT, {
      'Upload-Defer-Length': 1,
      'Upload-Metadata': metadata({ collection_id: baptism.id }),
    });
    expect(deferred.status).toBe(400);
    expect(JSON.parse(deferred.body)).toEqual({
      detail: 'Send the file size (Upload-Length) when the upload starts.',
    });
  });
});

describe('the finished upload', () => {
  it('refuses a video to a photos-only collection at the end, keeping nothing', async () => {
    const baptism = await collection({ allowVideos: false });
    const created = await create(mp4.length, { collection_id: baptism.id, filename: 'clip.mp4' });
    const finished = await patch(created.headers.location!, 0, mp4);
    expect(finished.status).toBe(415);
    expect(JSON.parse(finished.body)).toEqual({ file: ['This file type is not allowed. Upload images only.'] });
    expect(await rows(baptism.id)).toEqual([]);
    expect(await storedFiles(baptism.id)).toEqual([]);
    expect(await leftOf(created.headers.location!)).toEqual([]);
  });

  it('answers a script filling the hidden field as if kept, keeping nothing', async () => {
    const baptism = await collection();
    const created = await create(jpeg.length, { collection_id: baptism.id, filename: 'a.jpg', website: 'spam' });
    const finished = await patch(created.headers.location!, 0, jpeg);
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toMatchObject({ original_filename: 'a.jpg', status: 'processing' });
    expect(await rows(baptism.id)).toEqual([]);
    expect(await leftOf(created.headers.location!)).toEqual([]);
  });

  it("is the guest's own, as a one-call upload is: listed in their uploads on this device and no other", async () => {
    const baptism = await collection({ requiresApproval: true });
    const created = await create(jpeg.length, { collection_id: baptism.id, filename: 'font.jpg' });
    const finished = await patch(created.headers.location!, 0, jpeg);
    expect(finished.status).toBe(200);
    const device = finished.headers['set-cookie']!.map((cookie) => cookie.split(';')[0]).join('; ');
    const mine = (cookie: Record<string, string>) =>
      app.call('GET', `/api/photo-collections/public/${baptism.id}/uploads/mine/`, undefined, cookie);

    const answer = await mine({ cookie: device });
    expect(answer.body).toEqual([
      expect.objectContaining({ id: JSON.parse(finished.body).id, original_filename: 'font.jpg' }),
    ]);
    expect((await mine({})).body).toEqual([]);
  });

  it('never writes beyond the declared length', async () => {
    const baptism = await collection();
    const created = await create(100, { collection_id: baptism.id, filename: 'a.jpg' });
    const location = created.headers.location!;
    const tooMuch = await patch(location, 0, Buffer.concat([jpeg, jpeg]).subarray(0, 200));
    expect(tooMuch.status).toBe(413);
    expect(await offsetOf(location)).toEqual({ status: 200, offset: 0 });
    expect(await rows(baptism.id)).toEqual([]);
  });
});

describe('an upload nobody continued', () => {
  it('is swept after a day, cannot be resumed, and leaves the uploads folder for others', async () => {
    const baptism = await collection({ maxFileSizeMb: 5 });
    const stale = (await create(1000, { collection_id: baptism.id, filename: 'old.jpg' })).headers.location!;
    expect((await patch(stale, 0, jpeg.subarray(0, 400))).status).toBe(204);
    const fresh = (await create(1000, { collection_id: baptism.id, filename: 'new.jpg' })).headers.location!;
    const staleId = path.basename(stale);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const name of [staleId, `${staleId}.json`]) {
      await fs.utimes(path.join(tusFolder(), name), twoDaysAgo, twoDaysAgo);
    }

    expect(await new LocalMediaStorage(app.mediaDir).removeStaleIncoming()).toBe(1);

    expect(await leftOf(stale)).toEqual([]);
    expect(await leftOf(fresh)).toEqual([path.basename(fresh), `${path.basename(fresh)}.json`]);
    expect((await offsetOf(stale)).status).toBe(404);
    expect((await patch(stale, 400, jpeg.subarray(400, 1000))).status).toBe(404);
    expect(await offsetOf(fresh)).toEqual({ status: 200, offset: 0 });
  });
});

describe('the uploads rate limit', () => {
  it('counts each file started once, however many pieces it is sent in', async () => {
    const limited = await startTestApp({ RATE_LIMIT_UPLOADS: '2' });
    try {
      const [baptism] = await limited.ctx.db
        .insert(photoCollections)
        .values({ name: 'Baptism', allowVideos: false, maxFileSizeMb: 5 })
        .returning();
      const start = () =>
        fetch(limited.url + ROOT, {
          method: 'POST',
          headers: {
            'Tus-Resumable': '1.0.0',
            'Upload-Length': String(jpeg.length),
            'Upload-Metadata': metadata({ collection_id: baptism!.id, filename: 'a.jpg' }),
          },
        });
      const piece = (location: string, offset: number, bytes: Buffer) =>
        fetch(limited.url + location, {
          method: 'PATCH',
          headers: {
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
          },
          body: new Uint8Array(bytes),
        });

      const first = (await start()).headers.get('location')!;
      // Four pieces and a look at the offset: still one file as far as the limit goes.
      for (let offset = 0; offset < jpeg.length; offset += Math.ceil(jpeg.length / 4)) {
        const bytes = jpeg.subarray(offset, offset + Math.ceil(jpeg.length / 4));
        expect((await piece(first, offset, bytes)).status).toBeLessThan(300);
      }
      expect((await start()).status).toBe(201);
      const third = await start();
      expect(third.status).toBe(429);
      expect((await third.json()).detail).toMatch(/^Too many requests\./);
    } finally {
      await limited.close();
    }
  });
});
