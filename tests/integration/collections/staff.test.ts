import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { startTestApp, type TestApp } from '../../support/app.js';
import { isStored, storedFiles } from '../../support/stored-media.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
let jpeg: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#228844' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const asStaff = (method: string, route: string, body?: unknown) => app.call(method, route, body, staff.headers);

async function createCollection(body: Record<string, unknown> = {}) {
  const answer = await asStaff('POST', '/api/photo-collections/', { name: 'Harvest festival', ...body });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; name: string };
}

/** A real visitor upload through the public call; answers the stored file's path on disk. */
async function upload(collectionId: string, uploaderName = 'Ruth') {
  const form = new FormData();
  form.append('uploader_name', uploaderName);
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await app.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  expect(answer.status).toBe(201);
  const [row] = await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, answer.body.id));
  return { upload: answer.body as { id: number }, stored: row!.file };
}

const exists = (file: string) => isStored(app, file);
const uploadsOf = (collectionId: string) =>
  app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.collectionId, collectionId));

describe('staff photo collections', () => {
  it('creates a collection with the defaults and stores it', async () => {
    const answer = await asStaff('POST', '/api/photo-collections/', { name: '  Carol service  ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      name: 'Carol service',
      description: '',
      allow_videos: true,
      max_file_size_mb: 50,
      is_active: true,
      created_at: expect.any(String),
      upload_count: 0,
      requires_approval: false,
      notify_uploads: false,
      pending_count: 0,
    });
    const [stored] = await app.ctx.db.select().from(photoCollections).where(eq(photoCollections.id, answer.body.id));
    expect(stored).toMatchObject({ name: 'Carol service', allowVideos: true, maxFileSizeMb: 50, isActive: true });
  });

  it('lists every collection newest first, with the count of real uploads', async () => {
    const older = await createCollection({ name: 'Older', description: 'Photos', max_file_size_mb: 10 });
    const newer = await createCollection({ name: 'Newer', is_active: false, allow_videos: false });
    await upload(older.id);
    await upload(older.id, 'Sam');

    const answer = await asStaff('GET', '/api/photo-collections/');
    expect(answer.status).toBe(200);
    const ids = answer.body.map((collection: { id: string }) => collection.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const byId = Object.fromEntries(answer.body.map((collection: { id: string }) => [collection.id, collection]));
    expect(byId[older.id]).toMatchObject({
      name: 'Older',
      description: 'Photos',
      max_file_size_mb: 10,
      upload_count: 2,
    });
    expect(byId[newer.id]).toMatchObject({ allow_videos: false, is_active: false, upload_count: 0 });
    expect(answer.body).toHaveLength(await app.ctx.db.$count(photoCollections));
  });

  it('edits a collection; the public page follows its new settings', async () => {
    const collection = await createCollection();
    await upload(collection.id);
    const answer = await asStaff('PUT', `/api/photo-collections/${collection.id}/`, {
      name: 'Harvest 2026',
      description: 'Bring your best shots',
      allow_videos: false,
      max_file_size_mb: '100',
      is_active: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: collection.id,
      name: 'Harvest 2026',
      description: 'Bring your best shots',
      allow_videos: false,
      max_file_size_mb: 100,
      is_active: true,
      upload_count: 1,
    });
    const shown = await app.call('GET', `/api/photo-collections/public/${collection.id}/`);
    expect(shown.body).toMatchObject({ name: 'Harvest 2026', allow_videos: false, max_file_size_mb: 100 });
  });

  it("lists an inactive collection's uploads for staff while visitors get 404", async () => {
    const collection = await createCollection();
    const { upload: first } = await upload(collection.id, 'Ada');
    const { upload: second } = await upload(collection.id, 'Ben');
    const closed = await asStaff('PUT', `/api/photo-collections/${collection.id}/`, {
      name: 'Harvest festival',
      is_active: false,
    });
    expect(closed.body.is_active).toBe(false);

    const staffList = await asStaff('GET', `/api/photo-collections/${collection.id}/uploads/`);
    expect(staffList.status).toBe(200);
    expect(staffList.body).toEqual([
      { ...second, failure_reason: null },
      { ...first, failure_reason: null },
    ]);
    const publicList = await app.call('GET', `/api/photo-collections/public/${collection.id}/uploads/`);
    expect(publicList).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect((await app.call('GET', `/api/photo-collections/${collection.id}/uploads/`)).status).toBe(401);
  });

  it('deletes one upload with its file', async () => {
    const collection = await createCollection();
    const doomed = await upload(collection.id);
    const kept = await upload(collection.id);
    expect(await exists(doomed.stored)).toBe(true);

    const answer = await asStaff('DELETE', `/api/photo-collections/uploads/${doomed.upload.id}/`);
    expect(answer.status).toBe(204);
    expect(await exists(doomed.stored)).toBe(false);
    expect(await exists(kept.stored)).toBe(true);
    expect((await uploadsOf(collection.id)).map((row) => row.id)).toEqual([kept.upload.id]);

    for (const id of [doomed.upload.id, 'abc', '0']) {
      expect(await asStaff('DELETE', `/api/photo-collections/uploads/${id}/`)).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
  });

  it('deletes a collection with all its upload rows and files, leaving other collections alone', async () => {
    const collection = await createCollection();
    const other = await createCollection();
    const files = [(await upload(collection.id)).stored, (await upload(collection.id)).stored];
    const otherFile = (await upload(other.id)).stored;

    const answer = await asStaff('DELETE', `/api/photo-collections/${collection.id}/`);
    expect(answer.status).toBe(204);
    expect(await app.ctx.db.select().from(photoCollections).where(eq(photoCollections.id, collection.id))).toEqual([]);
    expect(await uploadsOf(collection.id)).toEqual([]);
    for (const file of files) expect(await exists(file)).toBe(false);
    expect(await storedFiles(app, `collections/${collection.id}/`)).toEqual([]);
    expect(await fs.stat(path.join(app.mediaDir, 'collections', collection.id)).catch(() => 'nothing')).toBe('nothing');
    expect(await exists(otherFile)).toBe(true);
    expect(await uploadsOf(other.id)).toHaveLength(1);
    expect((await app.call('GET', `/api/photo-collections/public/${collection.id}/`)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed collection id', async () => {
    for (const id of [missingId, 'not-a-uuid', '7']) {
      for (const answer of [
        await asStaff('PUT', `/api/photo-collections/${id}/`, { name: 'Lost' }),
        await asStaff('DELETE', `/api/photo-collections/${id}/`),
        await asStaff('GET', `/api/photo-collections/${id}/uploads/`),
      ]) {
        expect(answer.status, id).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
    expect(await app.ctx.db.select().from(photoCollections).where(eq(photoCollections.name, 'Lost'))).toEqual([]);
  });

  it('refuses each invalid field with its own message and stores nothing', async () => {
    const before = await app.ctx.db.$count(photoCollections);
    const refused = async (body: unknown) => {
      const answer = await asStaff('POST', '/api/photo-collections/', body);
      expect(answer.status).toBe(400);
      return answer.body;
    };
    expect(await refused({})).toEqual({ name: ['This field is required.'] });
    expect(await refused({ name: '  ' })).toEqual({ name: ['This field may not be blank.'] });
    expect(await refused({ name: 'N', max_file_size_mb: 0 })).toEqual({
      max_file_size_mb: ['Ensure this value is greater than or equal to 1.'],
    });
    expect(await refused({ name: 'N', max_file_size_mb: 101 })).toEqual({
      max_file_size_mb: ['Ensure this value is less than or equal to 100.'],
    });
    expect(await refused({ name: 'N', max_file_size_mb: 2.5 })).toEqual({
      max_file_size_mb: ['A valid integer is required.'],
    });
    expect(await refused({ name: 'N', allow_videos: 'no', is_active: 1 })).toEqual({
      allow_videos: ['Must be true or false.'],
      is_active: ['Must be true or false.'],
    });
    expect(await refused({ name: 'N', description: 'd'.repeat(2001) })).toEqual({
      description: ['Ensure this field has no more than 2000 characters.'],
    });
    expect(await app.ctx.db.$count(photoCollections)).toBe(before);

    const collection = await createCollection();
    const edit = await asStaff('PUT', `/api/photo-collections/${collection.id}/`, { name: 'N', max_file_size_mb: 101 });
    expect(edit.status).toBe(400);
    const [stored] = await app.ctx.db.select().from(photoCollections).where(eq(photoCollections.id, collection.id));
    expect(stored).toMatchObject({ name: 'Harvest festival', maxFileSizeMb: 50 });
  });

  it('needs a staff session to list or create collections', async () => {
    expect((await app.call('GET', '/api/photo-collections/')).status).toBe(401);
    const create = await app.call('POST', '/api/photo-collections/', { name: 'N' }, { origin: app.url });
    expect(create.status).toBe(401);
  });
});
