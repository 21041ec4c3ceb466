import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startPeerApp, startTestApp, type TestApp } from '../../support/app.js';
import { connectLive, type LiveClient, type StaffSocket } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';

/**
 * The worker has no socket server: its events travel through the live stream to ONE of the API
 * processes, which pushes them to the sockets of all of them. The moderator here is on the
 * process the requests do not go to.
 */
let first: TestApp;
let second: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
let worker: RunningWorkers;
let watching: LiveClient<StaffSocket>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  first = await startTestApp({
    SMTP_URL: smtp.url,
    WORKER_QUEUES: 'uploads,email,exports',
    EMAIL_RATE_PER_SECOND: '10',
  });
  second = await startPeerApp(first);
  staff = await signInAsStaff(first);
  worker = await runWorker(first.ctx);
  watching = await connectLive<StaffSocket>(second, 'staff', {
    extraHeaders: { cookie: staff.headers.cookie!, origin: second.url },
  });
});
afterAll(async () => {
  watching?.close();
  await worker?.close();
  await second?.close();
  await first?.close();
  await smtp?.close();
});

async function collection() {
  const [created] = await first.ctx.db.insert(photoCollections).values({ name: 'Baptism Sunday' }).returning();
  return created!;
}

function upload(collectionId: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('uploader_name', 'Ruth');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return first.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

const eventsAbout = (event: string, id: number) =>
  watching.received.filter((entry) => entry.event === event && (entry.payload as { id: number }).id === id);

describe('live work from the worker', () => {
  it('shows staff a new upload at once, then its thumbnail or its failure, each event once', async () => {
    const baptism = await collection();
    expect(await watching.socket.emitWithAck('collection:join', baptism.id)).toEqual({ ok: true });

    const sent = (await upload(baptism.id, await photo(), 'font.jpg')).body;
    const created = await watching.next('upload:created', (upload) => upload.id === sent.id);
    expect(created).toEqual({ ...sent, failure_reason: null, collection_id: baptism.id });
    expect(created.status).toBe('processing');

    const ready = await watching.next('upload:processed', (upload) => upload.id === sent.id);
    const listed = await first.call('GET', `/api/photo-collections/${baptism.id}/uploads/`, undefined, staff.headers);
    expect(ready).toEqual({ ...listed.body[0], collection_id: baptism.id });
    expect(ready).toMatchObject({ status: 'ready', failure_reason: null });
    expect(ready.thumbnail).toMatch(/^\/media\/collections\/.+\.webp$/);

    const jpeg = await photo();
    const broken = Buffer.concat([jpeg.subarray(0, 4), Buffer.from('this is not the rest of a photo')]);
    const refused = (await upload(baptism.id, broken, 'broken.jpg')).body;
    const failed = await watching.next('upload:processed', (upload) => upload.id === refused.id);
    expect(failed).toMatchObject({
      id: refused.id,
      status: 'failed',
      failure_reason: 'The file is not a valid image.',
      thumbnail: null,
      collection_id: baptism.id,
    });

    // The stream is read in order, so by now a second copy of the first upload's events would be here.
    expect(eventsAbout('upload:created', sent.id)).toHaveLength(1);
    expect(eventsAbout('upload:processed', sent.id)).toHaveLength(1);

    expect(
      (await first.call('DELETE', `/api/photo-collections/uploads/${sent.id}/`, undefined, staff.headers)).status,
    ).toBe(204);
    expect(await watching.next('upload:deleted')).toEqual({ id: sent.id, collection_id: baptism.id });
  });

  it('pushes a campaign’s progress to the jobs room as it is sent, and its completion once', async () => {
    expect(await watching.socket.emitWithAck('jobs:join')).toEqual({ ok: true });
    const recipients = Array.from({ length: 20 }, (_, index) => ({ email: `member${index}@example.org`, name: '' }));
    const answer = await first.call(
      'POST',
      '/api/admin/email/send/',
      { recipients, subject: 'Harvest supper', content: 'See you on Saturday.', kind: 'service' },
      staff.headers,
    );
    expect(answer.status).toBe(202);
    const id = answer.body.id;
    const ofCampaign = (progress: { kind: string; campaign?: { id: number } }) =>
      progress.kind === 'campaign' && progress.campaign?.id === id;

    const completed = await watching.next('job:completed', ofCampaign, 20_000);
    const detail = await first.call('GET', `/api/admin/email/campaigns/${id}/`, undefined, staff.headers);
    const { content: _content, failed_deliveries: _failed, recipients: _recipients, ...campaign } = detail.body;
    expect(completed).toEqual({ kind: 'campaign', campaign });
    expect(campaign).toMatchObject({ status: 'sent', sent: 20, pending: 0 });

    const progress = watching.received
      .filter((entry) => entry.event === 'job:progress' && ofCampaign(entry.payload as never))
      .map((entry) => (entry.payload as { campaign: { sent: number; status: string } }).campaign);
    // About two seconds of sending at 10 a second: a few updates, not one per message.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(20);
    expect(progress.every((step) => step.status === 'sending')).toBe(true);
    const counts = progress.map((step) => step.sent);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(watching.received.filter((entry) => entry.event === 'job:completed')).toHaveLength(1);
  });

  it('tells the jobs room at once when staff cancel a campaign', async () => {
    const recipients = Array.from({ length: 200 }, (_, index) => ({ email: `guest${index}@example.org`, name: '' }));
    const answer = await first.call(
      'POST',
      '/api/admin/email/send/',
      { recipients, subject: 'Cancelled notice', content: 'Sent by mistake.', kind: 'service' },
      staff.headers,
    );
    const cancelled = await first.call(
      'POST',
      `/api/admin/email/campaigns/${answer.body.id}/cancel/`,
      {},
      staff.headers,
    );
    expect(cancelled.status).toBe(200);
    const pushed = await watching.next(
      'job:completed',
      (progress: { kind: string; campaign?: { id: number } }) =>
        progress.kind === 'campaign' && progress.campaign?.id === answer.body.id,
    );
    expect(pushed).toEqual({ kind: 'campaign', campaign: cancelled.body });
    expect(cancelled.body.status).toBe('cancelled');
  });

  it('pushes a download-all zip’s progress and its completion to the jobs room', async () => {
    const baptism = await collection();
    await watching.socket.emitWithAck('collection:join', baptism.id);
    const sent = (await upload(baptism.id, await photo(), 'font.jpg')).body;
    await watching.next('upload:processed', (upload) => upload.id === sent.id);

    const started = await first.call(
      'POST',
      `/api/admin/photo-collections/${baptism.id}/exports/`,
      undefined,
      staff.headers,
    );
    expect(started.status).toBe(202);
    const ofExport = (progress: { kind: string; export?: { id: string } }) =>
      progress.kind === 'export' && progress.export?.id === started.body.id;

    const running = await watching.next('job:progress', ofExport);
    expect(running).toMatchObject({ collectionId: baptism.id, export: { status: 'running' } });
    const done = await watching.next('job:completed', ofExport);
    const route = `/api/admin/photo-collections/${baptism.id}/exports/${started.body.id}/`;
    const status = await first.call('GET', route, undefined, staff.headers);
    expect(done).toEqual({ kind: 'export', collectionId: baptism.id, export: status.body });
    expect(status.body).toMatchObject({ status: 'ready', progress: 100, file_count: 1 });
  });
});
