import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionExports,
  collectionUploads,
  photoCollections,
} from '@gather/server/platform/database/schema/collections';
import type { TestApp } from '../../support/app.js';
import { isStored, readStored } from '../../support/stored-media.js';
import { eventually } from '../../support/eventually.js';
import { hasFfmpeg, startMediaApp, type MediaApp } from '../../support/media-app.js';
import { FIXTURE_LOCATION_ISO6709, hevcMovWithLocation, probed } from '../../support/pictures.js';
import type { Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
let media: MediaApp;
beforeAll(async () => {
  media = await startMediaApp();
  ({ app, staff } = media);
});
afterAll(() => media.close());

const asStaff = (method: string, route: string) => app.call(method, route, undefined, staff.headers);
const exportsOf = (collectionId: string) => `/api/admin/photo-collections/${collectionId}/exports/`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function collection(name: string) {
  const [created] = await app.ctx.db.insert(photoCollections).values({ name }).returning();
  return created!;
}

const image = (width: number, colour: string) =>
  sharp({ create: { width, height: 100, channels: 3, background: colour } });

/** Uploads through the public call and waits until the worker has made it ready. */
async function readyUpload(collectionId: string, bytes: Buffer, name: string, uploaderName: string) {
  const form = new FormData();
  form.append('uploader_name', uploaderName);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const answer = await app.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  expect(answer.status).toBe(201);
  return eventually(async () => {
    const [row] = await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, answer.body.id));
    return row?.status === 'ready' ? row : undefined;
  }, `upload ${name} ready`);
}

async function finishedExport(collectionId: string, exportId: string) {
  return eventually(async () => {
    const answer = await asStaff('GET', `${exportsOf(collectionId)}${exportId}/`);
    expect(answer.status).toBe(200);
    return ['ready', 'failed'].includes(answer.body.status) ? answer.body : undefined;
  }, `export ${exportId} finished`);
}

interface ZipEntryRead {
  name: string;
  method: number;
  bytes: Buffer;
}

/** Every entry of a zip, read with yauzl: name, compression method (0 = stored) and bytes. */
async function readZip(zip: Buffer): Promise<ZipEntryRead[]> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries: Promise<ZipEntryRead>[] = [];
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      entries.push(
        promisify(archive.openReadStream.bind(archive))(entry).then(async (stream) => ({
          name: entry.fileName,
          method: entry.compressionMethod,
          bytes: await buffer(stream),
        })),
      );
    });
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  return Promise.all(entries);
}

describe('download-all zip of a collection', () => {
  it('puts every ready upload, byte for byte and uncompressed, into one zip under safe unique names', async () => {
    const harvest = await collection('Harvest Festival 2026!');
    const uploads = [
      await readyUpload(harvest.id, await image(300, '#aa3333').jpeg().toBuffer(), 'IMG_0001.JPG', 'Ruth'),
      await readyUpload(harvest.id, await image(200, '#33aa33').jpeg().toBuffer(), 'img_0001.jpg', 'ruth'),
      await readyUpload(harvest.id, await image(100, '#3333aa').png().toBuffer(), 'a/../..\\sneaky:name?.png', 'Sam'),
    ];

    const started = await asStaff('POST', exportsOf(harvest.id));
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), status: 'queued', progress: 0 });
    const [row] = await app.ctx.db.select().from(collectionExports).where(eq(collectionExports.id, started.body.id));
    expect(row).toMatchObject({ collectionId: harvest.id, requestedBy: staff.username });

    const finished = await finishedExport(harvest.id, started.body.id);
    expect(finished).toEqual({
      id: started.body.id,
      status: 'ready',
      progress: 100,
      file_count: 3,
      size_bytes: expect.any(Number),
      failure_reason: null,
      created_at: expect.any(String),
      finished_at: expect.any(String),
    });

    const download = await fetch(`${app.url}${exportsOf(harvest.id)}${started.body.id}/download/`, {
      headers: staff.headers,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="harvest-festival-2026-photos.zip"');
    const zip = Buffer.from(await download.arrayBuffer());
    expect(zip.length).toBe(finished.size_bytes);

    const entries = await readZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual([
      'Ruth - IMG_0001.jpg',
      'ruth - img_0001 (2).jpg',
      'Sam - sneaky_name_.png',
    ]);
    for (const [index, entry] of entries.entries()) {
      expect(entry.method, entry.name).toBe(0);
      const stored = await readStored(app, uploads[index]!.file);
      expect(sha256(entry.bytes), entry.name).toBe(sha256(stored));
    }
  });

  it.skipIf(!hasFfmpeg)('holds an iPhone video as sent (HEVC, without location), not its playable copy', async () => {
    const [baptism] = await app.ctx.db
      .insert(photoCollections)
      .values({ name: 'Baptism', allowVideos: true })
      .returning();
    const video = await readyUpload(baptism!.id, await hevcMovWithLocation(320, 240, 1), 'IMG_0007.MOV', 'Ruth');
    expect(video.display).toMatch(/\.mp4$/);

    const started = await asStaff('POST', exportsOf(baptism!.id));
    expect((await finishedExport(baptism!.id, started.body.id)).status).toBe('ready');
    const download = await fetch(`${app.url}${exportsOf(baptism!.id)}${started.body.id}/download/`, {
      headers: staff.headers,
    });
    const entries = await readZip(Buffer.from(await download.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(['Ruth - IMG_0007.mov']);
    const stored = await readStored(app, video.file);
    expect(sha256(entries[0]!.bytes)).toBe(sha256(stored));

    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-zip-video-'));
    const unzipped = path.join(folder, 'IMG_0007.mov');
    await fs.writeFile(unzipped, entries[0]!.bytes);
    const probe = await probed(unzipped);
    expect(probe.streams.map((stream) => stream.codec_name)).toEqual(['hevc', 'aac']);
    expect(JSON.stringify(probe)).not.toContain(FIXTURE_LOCATION_ISO6709);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('is for staff only, and the zip file itself is not served as media', async () => {
    const picnic = await collection('Picnic');
    await readyUpload(picnic.id, await image(50, '#888888').jpeg().toBuffer(), 'one.jpg', 'Ada');
    const started = await asStaff('POST', exportsOf(picnic.id));
    await finishedExport(picnic.id, started.body.id);
    const downloadUrl = `${exportsOf(picnic.id)}${started.body.id}/download/`;

    expect(await app.call('GET', downloadUrl)).toMatchObject({ status: 401 });
    expect(await app.call('GET', `${exportsOf(picnic.id)}${started.body.id}/`)).toMatchObject({ status: 401 });
    const [row] = await app.ctx.db.select().from(collectionExports).where(eq(collectionExports.id, started.body.id));
    expect((await fetch(`${app.url}/media/${row!.file!}`)).status).toBe(404);
    expect(await isStored(app, row!.file!)).toBe(true);
  });

  it('makes a valid empty zip of a collection with no ready uploads', async () => {
    const empty = await collection('Nothing yet');
    const started = await asStaff('POST', exportsOf(empty.id));
    const finished = await finishedExport(empty.id, started.body.id);
    expect(finished).toMatchObject({ status: 'ready', file_count: 0, progress: 100 });
    const download = await fetch(`${app.url}${exportsOf(empty.id)}${started.body.id}/download/`, {
      headers: staff.headers,
    });
    expect(await readZip(Buffer.from(await download.arrayBuffer()))).toEqual([]);
  });

  it('answers an export still waiting instead of starting a second, and 404 until its zip is ready', async () => {
    const busy = await collection('Busy');
    const [waiting] = await app.ctx.db.insert(collectionExports).values({ collectionId: busy.id }).returning();
    const again = await asStaff('POST', exportsOf(busy.id));
    expect(again).toMatchObject({ status: 202, body: { id: waiting!.id, status: 'queued', progress: 0 } });
    expect(await app.ctx.db.$count(collectionExports, eq(collectionExports.collectionId, busy.id))).toBe(1);
    expect(await asStaff('GET', `${exportsOf(busy.id)}${waiting!.id}/download/`)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
  });

  it('answers 404 for an unknown collection or export, or one of another collection', async () => {
    const mine = await collection('Mine');
    const other = await collection('Other');
    const [zip] = await app.ctx.db.insert(collectionExports).values({ collectionId: other.id }).returning();
    for (const route of [
      exportsOf(randomUUID()),
      exportsOf('not-a-uuid'),
      `${exportsOf(mine.id)}${zip!.id}/`,
      `${exportsOf(mine.id)}${randomUUID()}/`,
      `${exportsOf(mine.id)}42/download/`,
    ]) {
      const answer = await asStaff(route.endsWith('/exports/') ? 'POST' : 'GET', route);
      expect(answer, route).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    }
  });

  it('removes zips older than a day, file and record, when the next zip is built', async () => {
    const old = await collection('Last year');
    const oldId = randomUUID();
    const oldFile = `collections/${old.id}/.exports/${oldId}.zip`;
    await app.storage.write(oldFile, Buffer.from('an old zip'));
    await app.ctx.db.insert(collectionExports).values({
      id: oldId,
      collectionId: old.id,
      status: 'ready',
      progress: 100,
      file: oldFile,
      fileCount: 1,
      sizeBytes: 10,
      createdAt: new Date(Date.now() - 25 * 3600 * 1000),
      finishedAt: new Date(Date.now() - 25 * 3600 * 1000),
    });
    expect(await asStaff('GET', `${exportsOf(old.id)}${oldId}/`)).toMatchObject({ status: 404 });

    const fresh = await collection('This year');
    const started = await asStaff('POST', exportsOf(fresh.id));
    await finishedExport(fresh.id, started.body.id);
    expect(await isStored(app, oldFile)).toBe(false);
    expect(await app.ctx.db.$count(collectionExports, eq(collectionExports.id, oldId))).toBe(0);
    expect(await app.ctx.db.$count(collectionExports, eq(collectionExports.id, started.body.id))).toBe(1);
  });
});
