import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import type { TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { startMediaApp, type MediaApp } from '../../support/media-app.js';
import { connectLive, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import type { Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
let colour = 0;
let media: MediaApp;
beforeAll(async () => {
  media = await startMediaApp();
  ({ app, staff } = media);
});
afterAll(() => media.close());

const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const asStaff = (method: string, route: string, body?: unknown) => app.call(method, route, body, staff.headers);
const publicList = async (collectionId: string) =>
  (await app.call('GET', `/api/photo-collections/public/${collectionId}/uploads/`)).body as Array<{ id: number }>;
const idsOf = (uploads: Array<{ id: number }>) => uploads.map((upload) => upload.id).sort((a, b) => a - b);

async function collection(values: Partial<typeof photoCollections.$inferInsert> = {}) {
  const [created] = await app.ctx.db
    .insert(photoCollections)
    .values({ name: 'Harvest Sunday', requiresApproval: true, ...values })
    .returning();
  return created!;
}

const photo = () =>
  sharp({
    create: { width: 48, height: 32, channels: 3, background: `#${(colour++ % 4096).toString(16).padStart(3, '0')}` },
  })
    .jpeg()
    .toBuffer();

/** A guest's upload through the public call, from the browser whose device cookie is `device` (none: a new one). */
async function upload(collectionId: string, { device, name = 'Ruth' }: { device?: string; name?: string } = {}) {
  const form = new FormData();
  form.append('uploader_name', name);
  form.append('file', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await app.call(
    'POST',
    `/api/photo-collections/public/${collectionId}/upload/`,
    form,
    device ? { cookie: device } : {},
  );
  expect(answer.status).toBe(201);
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('gather_device='));
  return { id: answer.body.id as number, body: answer.body, device: device ?? cookie!.split(';')[0]! };
}

const ready = (id: number) =>
  eventually(async () => {
    const [row] = await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, id));
    return row?.status === 'ready' ? row : undefined;
  }, `upload ${id} ready`);

async function readyUpload(collectionId: string, options: { device?: string; name?: string } = {}) {
  const sent = await upload(collectionId, options);
  await ready(sent.id);
  return sent;
}

describe('uploads that wait for approval', () => {
  it('keeps new uploads of a collection that requires approval from visitors until staff approve them', async () => {
    const harvest = await collection();
    const sent = await readyUpload(harvest.id);
    expect(sent.body).toMatchObject({ status: 'processing', approval: 'pending' });

    expect(await publicList(harvest.id)).toEqual([]);
    const staffList = await asStaff('GET', `/api/photo-collections/${harvest.id}/uploads/`);
    expect(staffList.body).toMatchObject([{ id: sent.id, approval: 'pending', status: 'ready' }]);
    const collections = await asStaff('GET', '/api/photo-collections/');
    expect(collections.body.find((each: { id: string }) => each.id === harvest.id)).toMatchObject({
      requires_approval: true,
      notify_uploads: false,
      upload_count: 1,
      pending_count: 1,
    });

    const approved = await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/approve/`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: sent.id, approval: 'approved', failure_reason: null });
    expect(await publicList(harvest.id)).toMatchObject([{ id: sent.id, approval: 'approved', status: 'ready' }]);
  });

  it('shows every upload at once, as before, in a collection without approval', async () => {
    const open = await collection({ requiresApproval: false });
    const sent = await upload(open.id);
    expect(sent.body.approval).toBe('approved');
    expect(idsOf(await publicList(open.id))).toEqual([sent.id]);
  });

  it('hides a rejected upload but keeps it, so staff can still approve it', async () => {
    const harvest = await collection();
    const sent = await readyUpload(harvest.id);
    await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/approve/`);
    const rejected = await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/reject/`);
    expect(rejected.body).toMatchObject({ id: sent.id, approval: 'rejected', status: 'ready' });
    expect(await publicList(harvest.id)).toEqual([]);
    const [row] = await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, sent.id));
    expect(row).toMatchObject({ approval: 'rejected' });

    await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/approve/`);
    expect(idsOf(await publicList(harvest.id))).toEqual([sent.id]);
  });

  it('approves or rejects several uploads at once, leaving other collections alone', async () => {
    const harvest = await collection();
    const other = await collection();
    const [a, b, c] = [await upload(harvest.id), await upload(harvest.id), await upload(harvest.id)];
    const elsewhere = await upload(other.id);

    const approved = await asStaff('POST', `/api/photo-collections/${harvest.id}/uploads/review/`, {
      ids: [a.id, b.id, elsewhere.id, 999_999],
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.uploads.map((each: { id: number; approval: string }) => [each.id, each.approval])).toEqual([
      [a.id, 'approved'],
      [b.id, 'approved'],
    ]);
    const rejected = await asStaff('POST', `/api/photo-collections/${harvest.id}/uploads/review/`, {
      ids: [b.id, c.id],
      decision: 'reject',
    });
    expect(rejected.body.uploads.map((each: { approval: string }) => each.approval)).toEqual(['rejected', 'rejected']);

    expect(idsOf(await publicList(harvest.id))).toEqual([a.id]);
    const [untouched] = await app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, elsewhere.id));
    expect(untouched!.approval).toBe('pending');
  });

  it('lets only signed-in staff decide, answers 404 for what does not exist and 400 for a bad list', async () => {
    const harvest = await collection();
    const sent = await upload(harvest.id);
    for (const route of [
      `/api/photo-collections/uploads/${sent.id}/approve/`,
      `/api/photo-collections/uploads/${sent.id}/reject/`,
    ]) {
      expect((await app.call('POST', route)).status).toBe(401);
    }
    const bulk = { ids: [sent.id], decision: 'approve' };
    expect((await app.call('POST', `/api/photo-collections/${harvest.id}/uploads/review/`, bulk)).status).toBe(401);
    expect(await publicList(harvest.id)).toEqual([]);

    expect((await asStaff('POST', '/api/photo-collections/uploads/999999/approve/')).status).toBe(404);
    expect((await asStaff('POST', '/api/photo-collections/uploads/999999/reject/')).status).toBe(404);
    expect((await asStaff('POST', `/api/photo-collections/${missingId}/uploads/review/`, bulk)).status).toBe(404);

    const bad = await asStaff('POST', `/api/photo-collections/${harvest.id}/uploads/review/`, {
      ids: [],
      decision: 'maybe',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ids: ['Choose at least one upload.'], decision: ['Choose approve or reject.'] });
    const huge = await asStaff('POST', `/api/photo-collections/${harvest.id}/uploads/review/`, {
      ids: [sent.id, 99_999_999_999, 'one'],
      decision: 'approve',
    });
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body)).toContain('Each id must be an upload id.');
  });

  it('leaves waiting uploads waiting when approval is turned off, and shows new ones at once', async () => {
    const created = await asStaff('POST', '/api/photo-collections/', { name: 'Carols', requires_approval: true });
    expect(created.body).toMatchObject({ requires_approval: true, pending_count: 0 });
    const waiting = await upload(created.body.id);
    const edited = await asStaff('PUT', `/api/photo-collections/${created.body.id}/`, { name: 'Carols' });
    expect(edited.body).toMatchObject({ requires_approval: false, pending_count: 1 });
    const later = await upload(created.body.id);
    expect(idsOf(await publicList(created.body.id))).toEqual([later.id]);
    const staffList = await asStaff('GET', `/api/photo-collections/${created.body.id}/uploads/`);
    expect(staffList.body.find((each: { id: number }) => each.id === waiting.id).approval).toBe('pending');
  });
});

describe('the live slideshow room', () => {
  let watching: LiveClient<AudienceSocket> | undefined;
  afterAll(() => watching?.close());

  const join = (client: LiveClient<AudienceSocket>, id: string) =>
    new Promise<unknown>((resolve) => client.socket.emit('collection:join', id, resolve));

  it('pushes an upload to the public room when staff approve it, and takes it off when they reject it', async () => {
    const harvest = await collection();
    const sent = await readyUpload(harvest.id, { name: 'Grace' });
    watching = await connectLive<AudienceSocket>(app, 'audience');
    expect(await join(watching, harvest.id)).toEqual({ ok: true });

    await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/approve/`);
    const shown = await watching.next('upload:shown', (upload) => upload.id === sent.id);
    const [listed] = await publicList(harvest.id);
    expect(shown).toEqual(listed);
    expect(shown).toMatchObject({ uploader_name: 'Grace', status: 'ready', approval: 'approved' });
    expect(shown).not.toHaveProperty('failure_reason');

    await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/reject/`);
    expect(await watching.next('upload:hidden', (event) => event.id === sent.id)).toEqual({ id: sent.id });
  });

  it('pushes nothing of an upload while it waits, and a processed one at once where no approval is needed', async () => {
    const harvest = await collection();
    const open = await collection({ requiresApproval: false });
    const client = await connectLive<AudienceSocket>(app, 'audience');
    try {
      expect(await join(client, harvest.id)).toEqual({ ok: true });
      expect(await join(client, open.id)).toEqual({ ok: true });
      const waiting = await readyUpload(harvest.id);
      const shown = await upload(open.id);
      expect(await client.next('upload:shown', (upload) => upload.id === shown.id)).toMatchObject({ status: 'ready' });
      await ready(waiting.id);
      expect(client.received.filter((entry) => (entry.payload as { id?: number }).id === waiting.id)).toEqual([]);
    } finally {
      client.close();
    }
  });

  it('shows staff each waiting upload as it arrives, and each decision', async () => {
    const harvest = await collection();
    const moderator = await connectLive<StaffSocket>(app, 'staff', {
      extraHeaders: { cookie: staff.headers.cookie!, origin: app.url },
    });
    try {
      expect(await new Promise((resolve) => moderator.socket.emit('collection:join', harvest.id, resolve))).toEqual({
        ok: true,
      });
      const sent = await upload(harvest.id);
      expect(await moderator.next('upload:created', (event) => event.id === sent.id)).toMatchObject({
        approval: 'pending',
        collection_id: harvest.id,
      });
      await asStaff('POST', `/api/photo-collections/${harvest.id}/uploads/review/`, {
        ids: [sent.id],
        decision: 'reject',
      });
      expect(await moderator.next('upload:reviewed', (event) => event.id === sent.id)).toMatchObject({
        approval: 'rejected',
        collection_id: harvest.id,
      });
    } finally {
      moderator.close();
    }
  });

  it('lets nobody follow a closed or unknown collection', async () => {
    const closed = await collection({ isActive: false });
    const client = await connectLive<AudienceSocket>(app, 'audience');
    try {
      expect(await join(client, closed.id)).toEqual({ ok: false, error: 'Not found.' });
      expect(await join(client, missingId)).toEqual({ ok: false, error: 'Not found.' });
    } finally {
      client.close();
    }
  });
});

describe('download-all with approval', () => {
  const exportsOf = (collectionId: string) => `/api/admin/photo-collections/${collectionId}/exports/`;
  async function zipCount(collectionId: string, body?: unknown) {
    const started = await asStaff('POST', exportsOf(collectionId), body);
    expect(started.status).toBe(202);
    const finished = await eventually(async () => {
      const answer = await asStaff('GET', `${exportsOf(collectionId)}${started.body.id}/`);
      return answer.body.status === 'ready' ? answer.body : undefined;
    }, 'zip ready');
    return finished.file_count as number;
  }

  it('zips approved uploads only, unless staff ask for the waiting ones too; rejected ones never', async () => {
    const harvest = await collection();
    const [approved, , rejected] = [
      await readyUpload(harvest.id),
      await readyUpload(harvest.id),
      await readyUpload(harvest.id),
    ];
    await asStaff('POST', `/api/photo-collections/uploads/${approved.id}/approve/`);
    await asStaff('POST', `/api/photo-collections/uploads/${rejected.id}/reject/`);

    expect(await zipCount(harvest.id)).toBe(1);
    expect(await zipCount(harvest.id, { include_pending: true })).toBe(2);
  });
});

describe("a guest's own uploads", () => {
  const mine = (collectionId: string, device?: string) =>
    app.call(
      'GET',
      `/api/photo-collections/public/${collectionId}/uploads/mine/`,
      undefined,
      device ? { cookie: device } : {},
    );

  it("answers only this device's uploads, with how each is getting on", async () => {
    const harvest = await collection();
    const first = await readyUpload(harvest.id);
    const device = first.device;
    const second = await readyUpload(harvest.id, { device });
    const third = await readyUpload(harvest.id, { device });
    const someoneElse = await readyUpload(harvest.id);
    expect(someoneElse.device).not.toBe(device);

    await asStaff('POST', `/api/photo-collections/uploads/${second.id}/approve/`);
    await asStaff('POST', `/api/photo-collections/uploads/${third.id}/reject/`);

    const answer = await mine(harvest.id, device);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: third.id,
        file_type: 'image',
        original_filename: 'photo.jpg',
        uploaded_at: expect.any(String),
        state: 'not_approved',
        thumbnail: null,
      },
      expect.objectContaining({
        id: second.id,
        state: 'shown',
        thumbnail: expect.stringMatching(/^\/media\/.+\.webp$/),
      }),
      expect.objectContaining({ id: first.id, state: 'waiting' }),
    ]);
    expect((await mine(harvest.id, someoneElse.device)).body.map((each: { id: number }) => each.id)).toEqual([
      someoneElse.id,
    ]);
  });

  it('answers a new device with nothing, a forged cookie likewise, and 404 for a closed collection', async () => {
    const harvest = await collection();
    const sent = await upload(harvest.id);
    const fresh = await mine(harvest.id);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual([]);
    const forged = `${sent.device.split('.')[0]}.forged`;
    expect((await mine(harvest.id, forged)).body).toEqual([]);

    const processing = (await mine(harvest.id, sent.device)).body[0];
    expect(['processing', 'waiting']).toContain(processing.state);
    await app.ctx.db.update(photoCollections).set({ isActive: false }).where(eq(photoCollections.id, harvest.id));
    expect((await mine(harvest.id, sent.device)).status).toBe(404);
  });
});

describe("a rejected upload's files", () => {
  const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${url}`, { headers, redirect: 'manual' });

  it('answer 404 to visitors once staff reject the upload, are never cached for good, and come back on approval', async () => {
    const harvest = await collection({ requiresApproval: false });
    const sent = await readyUpload(harvest.id);
    const [shown] = (await asStaff('GET', `/api/photo-collections/${harvest.id}/uploads/`)).body as Array<{
      file: string;
      thumbnail: string;
    }>;
    const urls = [shown!.file, shown!.thumbnail];
    for (const url of urls) {
      const answer = await fetchMedia(url);
      expect(answer.status).toBe(200);
      // Staff may still hide it: a browser or proxy asks again before showing a kept copy.
      expect(answer.headers.get('cache-control')).toBe('public, no-cache');
    }

    expect((await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/reject/`)).status).toBe(200);
    for (const url of urls) {
      expect((await fetchMedia(url)).status).toBe(404);
      expect((await fetchMedia(url.replace('/media/', '/media//'))).status).toBe(404);
      // Staff still see what they rejected, and nobody keeps a copy.
      const forStaff = await fetchMedia(url, { cookie: staff.headers.cookie! });
      expect(forStaff.status).toBe(200);
      expect(forStaff.headers.get('cache-control')).toBe('private, no-store');
    }

    expect((await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/approve/`)).status).toBe(200);
    for (const url of urls) expect((await fetchMedia(url)).status).toBe(200);
  });
});

describe('a slideshow of a collection staff close', () => {
  it('gets nothing more once the collection is closed, and a slideshow that joins after reopening gets what follows', async () => {
    const harvest = await collection();
    const [first, second] = [await readyUpload(harvest.id), await readyUpload(harvest.id)];
    const slideshow = await connectLive<AudienceSocket>(app, 'audience');
    let rejoined: LiveClient<AudienceSocket> | undefined;
    try {
      expect(await slideshow.socket.emitWithAck('collection:join', harvest.id)).toEqual({ ok: true });
      const form = { name: 'Harvest Sunday', requires_approval: true };
      expect(
        (await asStaff('PUT', `/api/photo-collections/${harvest.id}/`, { ...form, is_active: false })).status,
      ).toBe(200);
      expect(await slideshow.next('collection:closed')).toEqual({ collection_id: harvest.id });

      // Approving while it is closed, and after it opens again, reaches only a slideshow that joined again.
      await asStaff('POST', `/api/photo-collections/uploads/${first.id}/approve/`);
      await asStaff('PUT', `/api/photo-collections/${harvest.id}/`, { ...form, is_active: true });
      rejoined = await connectLive<AudienceSocket>(app, 'audience');
      expect(await rejoined.socket.emitWithAck('collection:join', harvest.id)).toEqual({ ok: true });
      await asStaff('POST', `/api/photo-collections/uploads/${second.id}/approve/`);
      expect(await rejoined.next('upload:shown', (upload) => upload.id === second.id)).toMatchObject({
        id: second.id,
      });
      expect(slideshow.received).toEqual([{ event: 'collection:closed', payload: { collection_id: harvest.id } }]);
    } finally {
      slideshow.close();
      rejoined?.close();
    }
  });
});
