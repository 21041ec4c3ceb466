import { afterAll, describe, expect, it } from 'vitest';
import { missingId } from '../../support/collection-uploads.js';
import { connectLive, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import { UploadApproval } from '../../support/upload-approval.js';

const site = UploadApproval.forFile();
const { asStaff, publicList, collection, upload, ready, readyUpload } = site;

describe('the live slideshow room', () => {
  let watching: LiveClient<AudienceSocket> | undefined;
  afterAll(() => watching?.close());

  const join = (client: LiveClient<AudienceSocket>, id: string) =>
    new Promise<unknown>((resolve) => client.socket.emit('collection:join', id, resolve));

  it('pushes an upload to the public room when staff approve it, and takes it off when they reject it', async () => {
    const harvest = await collection();
    const sent = await readyUpload(harvest.id, { name: 'Grace' });
    watching = await connectLive<AudienceSocket>(site.app, 'audience');
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
    const client = await connectLive<AudienceSocket>(site.app, 'audience');
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
    const moderator = await connectLive<StaffSocket>(site.app, 'staff', {
      extraHeaders: { cookie: site.staff.headers.cookie!, origin: site.app.url },
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
    const client = await connectLive<AudienceSocket>(site.app, 'audience');
    try {
      expect(await join(client, closed.id)).toEqual({ ok: false, error: 'Not found.' });
      expect(await join(client, missingId)).toEqual({ ok: false, error: 'Not found.' });
    } finally {
      client.close();
    }
  });
});

describe('a slideshow of a collection staff close', () => {
  it('gets nothing more once the collection is closed, and a slideshow that joins after reopening gets what follows', async () => {
    const harvest = await collection();
    const [first, second] = [await readyUpload(harvest.id), await readyUpload(harvest.id)];
    const slideshow = await connectLive<AudienceSocket>(site.app, 'audience');
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
      rejoined = await connectLive<AudienceSocket>(site.app, 'audience');
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
