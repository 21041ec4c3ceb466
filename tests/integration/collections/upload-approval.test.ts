import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { missingId } from '../../support/collection-uploads.js';
import { eventually } from '../../support/eventually.js';
import { UploadApproval } from '../../support/upload-approval.js';

const site = UploadApproval.forFile();
const { asStaff, publicList, collection, upload, readyUpload } = site;

const idsOf = (uploads: Array<{ id: number }>) => uploads.map((upload) => upload.id).sort((a, b) => a - b);

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
    const [row] = await site.app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.id, sent.id));
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
    const [untouched] = await site.app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.id, elsewhere.id));
    expect(untouched!.approval).toBe('pending');
  });

  it('lets only signed-in staff decide, answers 404 for what does not exist and 400 for a bad list', async () => {
    const harvest = await collection();
    const sent = await upload(harvest.id);
    for (const route of [
      `/api/photo-collections/uploads/${sent.id}/approve/`,
      `/api/photo-collections/uploads/${sent.id}/reject/`,
    ]) {
      expect((await site.app.call('POST', route)).status).toBe(401);
    }
    const bulk = { ids: [sent.id], decision: 'approve' };
    expect((await site.app.call('POST', `/api/photo-collections/${harvest.id}/uploads/review/`, bulk)).status).toBe(
      401,
    );
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
    site.app.call(
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
    await site.app.ctx.db.update(photoCollections).set({ isActive: false }).where(eq(photoCollections.id, harvest.id));
    expect((await mine(harvest.id, sent.device)).status).toBe(404);
  });
});

describe("a rejected upload's files", () => {
  const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${site.app.url}${url}`, { headers, redirect: 'manual' });

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
      const forStaff = await fetchMedia(url, { cookie: site.staff.headers.cookie! });
      expect(forStaff.status).toBe(200);
      expect(forStaff.headers.get('cache-control')).toBe('private, no-store');
    }

    expect((await asStaff('POST', `/api/photo-collections/uploads/${sent.id}/approve/`)).status).toBe(200);
    for (const url of urls) expect((await fetchMedia(url)).status).toBe(200);
  });
});
