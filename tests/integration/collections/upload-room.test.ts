import fs from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { startTestApp, type TestApp } from '../../support/app.js';

const MIB = 1024 * 1024;
const ROOT = '/api/uploads/resumable/';
const FULL_DISK = 'The site cannot take uploads just now because its storage is nearly full. Please try again later.';

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function openCollection(app: TestApp): Promise<string> {
  const [created] = await app.ctx.db
    .insert(photoCollections)
    .values({ name: 'Baptism', allowVideos: false, maxFileSizeMb: 5 })
    .returning();
  return created!.id;
}

/** Starts a resumable upload of `size` bytes from `address`, sending no byte of it. */
const start = (app: TestApp, collectionId: string, size: number, address: string, extra: Record<string, string> = {}) =>
  fetch(app.url + ROOT, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': metadata({ collection_id: collectionId, filename: 'video.jpg', ...extra }),
      'x-forwarded-for': address,
    },
  });

describe('unfinished resumable uploads', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UNFINISHED_UPLOADS_MB_PER_ADDRESS: '10' });
  });
  afterAll(() => app?.close());

  it('are bounded per address, whatever owner a visitor claims, and others can still upload', async () => {
    const baptism = await openCollection(app);
    expect((await start(app, baptism, 4 * MIB, '203.0.113.40')).status).toBe(201);
    expect((await start(app, baptism, 4 * MIB, '203.0.113.40', { gather_owner: 'someone-else' })).status).toBe(201);

    const third = await start(app, baptism, 4 * MIB, '203.0.113.40');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({
      detail: 'Too many uploads from your connection are still unfinished. Please let them finish first.',
    });
    // What is left of the address's share can still be used; another address has its own.
    expect((await start(app, baptism, 2 * MIB, '203.0.113.40')).status).toBe(201);
    expect((await start(app, baptism, 4 * MIB, '203.0.113.41')).status).toBe(201);
  });
});

describe('a disk short of free room', () => {
  let app: TestApp;
  beforeAll(async () => {
    // More than this machine has free (wherever the test's media folder is): every new upload is refused, as on
    // a server whose disk is nearly full.
    const disks = await Promise.all([os.tmpdir(), process.cwd()].map((folder) => fs.statfs(folder)));
    const moreThanFree = Math.max(...disks.map((disk) => Math.ceil((disk.bavail * disk.bsize) / MIB))) + 1024;
    app = await startTestApp({ MIN_FREE_DISK_MB: String(moreThanFree) });
  });
  afterAll(() => app?.close());

  it('refuses new uploads, resumable or in one call, with 507 before any byte is kept', async () => {
    const baptism = await openCollection(app);
    const resumable = await start(app, baptism, jpeg.length, '203.0.113.50');
    expect(resumable.status).toBe(507);
    expect(await resumable.json()).toEqual({ detail: FULL_DISK });

    const form = new FormData();
    form.append('uploader_name', 'Ruth');
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const oneCall = await app.call('POST', `/api/photo-collections/public/${baptism}/upload/`, form);
    expect(oneCall.status).toBe(507);
    expect(oneCall.body).toEqual({ detail: FULL_DISK });
    const uploads = await app.call('GET', `/api/photo-collections/public/${baptism}/uploads/`);
    expect(uploads.body).toEqual([]);
  });
});
