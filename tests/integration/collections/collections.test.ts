import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outbox } from '@gather/server/platform/database/schema/outbox';
import { CollectionUploads, missingId, uploadUrl } from '../../support/collection-uploads.js';
import { readStored, storedFiles } from '../../support/stored-media.js';
import { eventually } from '../../support/eventually.js';

const site = CollectionUploads.forFile();
const { collection, mediaFiles, storedUploads, expectNothingKept } = site;

const MIB = 1024 * 1024;
const IMAGES_ONLY = { file: ['This file type is not allowed. Upload images only.'] };
const IMAGES_OR_VIDEOS = { file: ['This file type is not allowed. Upload images or videos.'] };

/** A minimal MP4: an ftyp box is what players (and file-type) recognise an MP4 by. */
const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const ebml = (id: string, data: Buffer) =>
  Buffer.concat([Buffer.from(id, 'hex'), Buffer.from([0x80 | data.length]), data]);
/** A minimal WebM: the EBML header naming the webm doc type. */
const webm = ebml('1a45dfa3', Buffer.concat([ebml('4286', Buffer.from([1])), ebml('4282', Buffer.from('webm'))]));

interface FilePart {
  bytes: Uint8Array;
  name: string;
  type: string;
  field?: string;
}

function form(files: FilePart[], fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files)
    data.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

const upload = (id: string, files: FilePart[], fields?: Record<string, string>) =>
  site.app.call('POST', uploadUrl(id), form(files, fields));

describe('public photo collection', () => {
  it('answers an active collection', async () => {
    const picnic = await collection({ allowVideos: true, maxFileSizeMb: 20 });
    const answer = await site.app.call('GET', `/api/photo-collections/public/${picnic.id}/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: picnic.id,
      name: 'Summer picnic',
      description: 'Share your photos',
      allow_videos: true,
      max_file_size_mb: 20,
    });
    expect((await site.app.call('GET', `/api/photo-collections/public/${picnic.id}/uploads/`)).body).toEqual([]);
  });

  it('answers 404 for a missing, malformed or inactive collection, and keeps nothing sent to one', async () => {
    const closed = await collection({ isActive: false });
    const before = await mediaFiles();
    for (const id of [missingId, 'not-a-uuid', '42', closed.id]) {
      for (const answer of [
        await site.app.call('GET', `/api/photo-collections/public/${id}/`),
        await site.app.call('GET', `/api/photo-collections/public/${id}/uploads/`),
        await upload(id, [{ bytes: site.jpeg, name: 'photo.jpg', type: 'image/jpeg' }]),
      ]) {
        expect(answer.status, id).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
    await expectNothingKept(closed.id, before);
  });
});

describe('uploading to a collection', () => {
  it('stores a JPEG under a generated name and queues its processing, without handing out its URL yet', async () => {
    const picnic = await collection();
    const answer = await upload(picnic.id, [{ bytes: site.jpeg, name: 'holiday/IMG_0001.JPG', type: 'image/jpeg' }], {
      uploader_name: '  Ruth  ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      file: null,
      file_type: 'image',
      mime_type: 'image/jpeg',
      original_filename: 'IMG_0001.JPG',
      uploader_name: 'Ruth',
      uploaded_at: expect.any(String),
      file_size_mb: 0,
      status: 'processing',
      approval: 'approved',
      thumbnail: null,
      display: null,
      width: null,
      height: null,
      duration_seconds: null,
      poster: null,
    });

    const [row] = await storedUploads(picnic.id);
    expect(row).toMatchObject({
      id: answer.body.id,
      fileType: 'image',
      uploaderName: 'Ruth',
      fileSize: site.jpeg.length,
      status: 'processing',
    });
    expect(row!.file).toMatch(new RegExp(`^collections/${picnic.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(await readStored(site.app, row!.file)).toEqual(site.jpeg);
    const jobs = await site.app.ctx.db.select().from(outbox).where(eq(outbox.jobName, 'process-upload'));
    expect(jobs.map((job) => job.payload)).toContainEqual({ target: 'collection-upload', id: answer.body.id });

    const listed = await site.app.call('GET', `/api/photo-collections/public/${picnic.id}/uploads/`);
    expect(listed.body).toEqual([answer.body]);

    const served = await fetch(`${site.app.url}/media/${row!.file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBeNull();
  });

  it('keeps no invisible format characters in the file name, so a right-to-left override cannot disguise it', async () => {
    const picnic = await collection();
    // Shown as "photoexe.png" by anything that honours the override.
    const answer = await upload(picnic.id, [{ bytes: site.jpeg, name: 'photo\u202Egnp.exe', type: 'image/jpeg' }]);
    expect(answer.status).toBe(201);
    expect(answer.body.original_filename).toBe('photognp.exe');
    const [row] = await storedUploads(picnic.id);
    expect(row!.originalFilename).toBe('photognp.exe');
  });

  it('names the stored file by the real type of its bytes, not by the name or type the browser gave', async () => {
    const picnic = await collection();
    const answer = await upload(picnic.id, [{ bytes: site.png, name: 'Café picture.gif', type: 'image/gif' }]);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      mime_type: 'image/png',
      original_filename: 'Café picture.gif',
      uploader_name: 'Anonymous',
    });
    const [row] = await storedUploads(picnic.id);
    expect(row!.file).toMatch(/\.png$/);
    const served = await fetch(`${site.app.url}/media/${row!.file}`);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('lists uploads newest first with their size in megabytes', async () => {
    const picnic = await collection({ maxFileSizeMb: 2 });
    const big = Buffer.concat([site.jpeg, Buffer.alloc(1.5 * MIB - site.jpeg.length)]);
    const first = await upload(picnic.id, [{ bytes: site.png, name: 'first.png', type: 'image/png' }]);
    const second = await upload(picnic.id, [{ bytes: big, name: 'second.jpg', type: 'image/jpeg' }]);
    expect(second.body.file_size_mb).toBe(1.5);
    const listed = await site.app.call('GET', `/api/photo-collections/public/${picnic.id}/uploads/`);
    expect(listed.body.map((item: { id: number }) => item.id)).toEqual([second.body.id, first.body.id]);
  });

  it('refuses executables, pages, documents, SVG, text and empty files whatever they are called', async () => {
    const photos = await collection();
    const videos = await collection({ allowVideos: true });
    const before = await mediaFiles();
    const disguised: FilePart[] = [
      { bytes: Buffer.from('7f454c46020101000000000000000000', 'hex'), name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: Buffer.from('4d5a90000300000004000000ffff0000b8000000', 'hex'), name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'photo.jpg', type: 'image/jpeg' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
      { bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), name: 'notes.png', type: 'image/png' },
      { bytes: Buffer.from('just some words'), name: 'words.jpg', type: 'image/jpeg' },
      { bytes: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' },
    ];
    for (const file of disguised) {
      const toPhotos = await upload(photos.id, [file]);
      expect(toPhotos.status, file.name).toBe(415);
      expect(toPhotos.body).toEqual(IMAGES_ONLY);
      const toVideos = await upload(videos.id, [file]);
      expect(toVideos.status, file.name).toBe(415);
      expect(toVideos.body).toEqual(IMAGES_OR_VIDEOS);
    }
    await expectNothingKept(photos.id, before);
    await expectNothingKept(videos.id, before);
  });

  it('takes videos only where the collection allows them', async () => {
    const photos = await collection({ allowVideos: false });
    const videos = await collection({ allowVideos: true });
    const before = await mediaFiles();

    const refused = await upload(photos.id, [{ bytes: mp4, name: 'clip.mp4', type: 'video/mp4' }]);
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual(IMAGES_ONLY);
    await expectNothingKept(photos.id, before);

    const clip = await upload(videos.id, [{ bytes: mp4, name: 'clip.mp4', type: 'video/mp4' }]);
    expect(clip.status).toBe(201);
    expect(clip.body).toMatchObject({ file_type: 'video', mime_type: 'video/mp4', status: 'processing' });
    const recording = await upload(videos.id, [{ bytes: webm, name: 'recording-1700000000.webm', type: 'video/webm' }]);
    expect(recording.status).toBe(201);
    expect(recording.body).toMatchObject({ file_type: 'video', mime_type: 'video/webm' });

    const files = Object.fromEntries((await storedUploads(videos.id)).map((row) => [row.id, row.file]));
    expect(files[clip.body.id]).toMatch(/\.mp4$/);
    const served = await fetch(`${site.app.url}/media/${files[recording.body.id]}`);
    expect(served.headers.get('content-type')).toBe('video/webm');
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(await storedUploads(videos.id)).toHaveLength(2);
  });

  it('takes a file of exactly the size limit and refuses one byte more with 413', async () => {
    const small = await collection({ maxFileSizeMb: 1 });
    const before = await mediaFiles();
    const tooBig = await upload(small.id, [
      {
        bytes: Buffer.concat([site.jpeg, Buffer.alloc(MIB + 1 - site.jpeg.length)]),
        name: 'big.jpg',
        type: 'image/jpeg',
      },
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ file: ['File is too large. The maximum size is 1 MB.'] });
    await expectNothingKept(small.id, before);

    const atLimit = await upload(small.id, [
      { bytes: Buffer.concat([site.jpeg, Buffer.alloc(MIB - site.jpeg.length)]), name: 'fits.jpg', type: 'image/jpeg' },
    ]);
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.file_size_mb).toBe(1);
  });

  it('asks for a file when none was sent', async () => {
    const picnic = await collection();
    const noFile = { file: ['No file was submitted.'] };
    expect(await site.app.call('POST', uploadUrl(picnic.id), form([], { uploader_name: 'Ruth' }))).toMatchObject({
      status: 400,
      body: noFile,
    });
    expect(await site.app.call('POST', uploadUrl(picnic.id), { uploader_name: 'Ruth' })).toMatchObject({
      status: 400,
      body: noFile,
    });
    expect(await storedUploads(picnic.id)).toEqual([]);
  });

  it('refuses a second file, a file under another name, unknown fields and an overlong name', async () => {
    const picnic = await collection();
    const before = await mediaFiles();
    const photo = { bytes: site.jpeg, name: 'photo.jpg', type: 'image/jpeg' };

    expect(await upload(picnic.id, [photo, photo])).toMatchObject({
      status: 400,
      body: { file: ['Send one file per upload.'] },
    });
    expect(await upload(picnic.id, [{ ...photo, field: 'photo' }])).toMatchObject({
      status: 400,
      body: { photo: ['Unexpected file field. Send the file as "file".'] },
    });
    expect(await upload(picnic.id, [photo], { caption: 'Hello' })).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Unexpected field: caption. Send only file and uploader_name.'] },
    });
    expect(await upload(picnic.id, [photo], { uploader_name: 'n'.repeat(101) })).toMatchObject({
      status: 400,
      body: { uploader_name: ['Ensure this field has no more than 100 characters.'] },
    });
    expect(await upload(picnic.id, [photo], { uploader_name: 'n'.repeat(5000) })).toMatchObject({
      status: 400,
      body: { uploader_name: ['This value is too long.'] },
    });
    await expectNothingKept(picnic.id, before);
  });
});

describe('a collection deleted by staff while a file arrives', () => {
  it('leaves no folder, file or row of it behind', async () => {
    const boundary = 'gather-test-boundary';
    const picnic = await collection();
    const request = http.request(site.app.url + uploadUrl(picnic.id), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answer = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject);
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    request.write(site.jpeg.subarray(0, 200));
    await eventually(
      async () => (await fs.readdir(path.join(site.app.mediaDir, '.incoming'))).length > 0,
      'the upload is arriving',
    );

    const deleted = await site.app.call(
      'DELETE',
      `/api/photo-collections/${picnic.id}/`,
      undefined,
      site.staff.headers,
    );
    expect(deleted.status).toBe(204);
    request.end(Buffer.concat([site.jpeg.subarray(200), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    expect(await answer).toBe(404);
    expect(await storedUploads(picnic.id)).toEqual([]);
    expect(await storedFiles(site.app, `collections/${picnic.id}/`)).toEqual([]);
    expect(await fs.stat(path.join(site.app.mediaDir, 'collections', picnic.id)).catch(() => 'nothing')).toBe(
      'nothing',
    );
  });
});

describe('the temporary folder', () => {
  it('is empty once every upload above has finished, kept or refused', async () => {
    const incoming = await fs.readdir(path.join(site.app.mediaDir, '.incoming'));
    expect(incoming).toEqual([]);
  });
});
