import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries } from '@gather/server/platform/database/schema/newsletters';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from '../../support/app.js';
import { insertDraft } from '../../support/campaigns.js';
import { eventually } from '../../support/eventually.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';

let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
let worker: RunningWorkers | undefined;
let queue: Queue;

/** Addresses the mail server refuses for good (550) while they are in this set. */
const refused = new Set<string>();
const CONCURRENCY = 10;
// Every campaign here is a service message: its made-up people gave no newsletter consent, and
// consent has tests of its own (email-consent.test.ts).

beforeAll(async () => {
  smtp = await startTestSmtp({
    rejectRecipient: (address) =>
      refused.has(address) || address.endsWith('@refused.example') ? '5.7.1 Relaying denied' : undefined,
  });
  app = await startTestApp({
    SMTP_URL: smtp.url,
    WORKER_QUEUES: 'email',
    // Slow enough that a pause lands in the middle of a campaign.
    EMAIL_RATE_PER_SECOND: '20',
    WORKER_EMAIL_CONCURRENCY: String(CONCURRENCY),
  });
  staff = await signInAsStaff(app);
  worker = await runWorker(app.ctx);
  queue = new Queue('email', { connection: app.ctx.redis.duplicate(), prefix: app.ctx.config.QUEUE_PREFIX });
});
afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await app?.close();
  await smtp?.close();
});

const post = (path: string, body?: unknown) => app.call('POST', path, body ?? {}, staff.headers);
const action = (id: number, name: string, body?: unknown) => post(`/api/admin/email/campaigns/${id}/${name}/`, body);
const detail = async (id: number) =>
  (await app.call('GET', `/api/admin/email/campaigns/${id}/`, undefined, staff.headers)).body;
const people = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ email: `${prefix}${index}@example.org`, name: `Member ${index}` }));
const received = (recipients: Array<{ email: string }>) => recipients.map(({ email }) => smtp.countFor(email));
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function settled(id: number, statuses = ['sent', 'sent_with_failures', 'cancelled', 'paused']) {
  return eventually(async () => {
    const campaign = await detail(id);
    return statuses.includes(campaign.status) && campaign.pending === 0 && campaign;
  }, `campaign ${id} settled`);
}

describe('scheduling a draft', () => {
  it('refuses a time in the past and an incomplete draft, per field', async () => {
    const incomplete = await insertDraft(app, {
      kind: 'service',
      subject: '',
      content: 'Hello.',
      recipients: [],
    });
    const answer = await action(incomplete, 'schedule', { send_at: '2020-01-01T10:00:00+00:00' });
    expect(answer.status).toBe(400);
    expect(answer.body.send_at).toEqual(['Choose a time in the future.']);
    expect(answer.body.subject).toEqual(['Please fill in both subject and content']);
    expect(answer.body.recipients).toEqual(['Please select at least one recipient']);
    expect((await detail(incomplete)).status).toBe('draft');

    const noTime = await action(incomplete, 'schedule', {});
    expect(noTime.status).toBe(400);
    expect(noTime.body.send_at).toEqual(['Enter a date and time.']);

    const wrongSender = await insertDraft(app, {
      kind: 'service',
      recipients: people('sender', 1),
      fromEmail: 'vicar@elsewhere.org',
    });
    const refusedSender = await action(wrongSender, 'schedule', { send_at: inSeconds(3600) });
    expect(refusedSender.status).toBe(400);
    expect(refusedSender.body.from_email).toEqual(['Email must be from @gatherchurch.org.uk domain']);
  });

  it('refuses anything but a draft with 409, and an unknown campaign with 404', async () => {
    const sent = await post('/api/admin/email/send/', {
      kind: 'service',
      recipients: people('once', 1),
      subject: 'Hi',
      content: 'Hi.',
    });
    const answer = await action(sent.body.id, 'schedule', { send_at: inSeconds(3600) });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe('Only a draft can be scheduled.');
    expect((await action(999_999, 'schedule', { send_at: inSeconds(3600) })).status).toBe(404);
  });

  it('makes the deliveries now; unschedule takes it back to a draft, and cancel stops it', async () => {
    const recipients = [...people('later', 3), { email: 'LATER0@example.org', name: 'Twice' }];
    const id = await insertDraft(app, {
      kind: 'service',
      subject: 'Carols',
      recipients,
    });
    const sendAt = inSeconds(3600);
    const scheduled = await action(id, 'schedule', { send_at: sendAt });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ id, status: 'scheduled', total: 3, pending: 3, subject: 'Carols' });
    expect(new Date(scheduled.body.scheduled_at).toISOString()).toBe(sendAt);
    expect(scheduled.body.from_email).toBe('no-reply@gatherchurch.org.uk');

    const back = await action(id, 'unschedule');
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'draft', scheduled_at: null, pending: 0 });
    expect((await detail(id)).recipients.map((recipient: { email: string }) => recipient.email)).toEqual([
      'later0@example.org',
      'later1@example.org',
      'later2@example.org',
    ]);
    expect((await action(id, 'unschedule')).status).toBe(409);

    expect((await action(id, 'schedule', { send_at: inSeconds(3600) })).status).toBe(200);
    const cancelled = await action(id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelled: 3, pending: 0 });
  });

  it('starts at its time after a worker restart, and even when Redis lost its job', async () => {
    await worker!.close();
    worker = undefined;
    const first = people('advent', 5);
    const second = people('epiphany', 5);
    const kept = await insertDraft(app, {
      kind: 'service',
      subject: 'Advent',
      recipients: first,
    });
    const lost = await insertDraft(app, {
      kind: 'service',
      subject: 'Epiphany',
      recipients: second,
    });
    expect((await action(kept, 'schedule', { send_at: inSeconds(2) })).status).toBe(200);
    expect((await action(lost, 'schedule', { send_at: inSeconds(2) })).status).toBe(200);

    // Both delayed jobs reach Redis; the second is then lost, as if Redis restarted empty.
    const delayed = await eventually(async () => {
      const jobs = (await queue.getDelayed()).filter((job) => [kept, lost].includes(job.data.campaignId));
      return jobs.length === 2 && jobs;
    }, 'both start jobs delayed in Redis');
    await delayed.find((job) => job.data.campaignId === lost)!.remove();

    await eventually(async () => Date.now() > Date.parse((await detail(lost)).scheduled_at) + 500, 'their time passed');
    expect(received([...first, ...second]).every((count) => count === 0)).toBe(true);
    expect((await detail(kept)).status).toBe('scheduled');

    worker = await runWorker(app.ctx);
    expect(await settled(kept)).toMatchObject({ status: 'sent', sent: 5 });
    expect(await settled(lost)).toMatchObject({ status: 'sent', sent: 5 });
    expect(received([...first, ...second])).toEqual(Array(10).fill(1));
  });
});

describe('pausing and resuming', () => {
  it('stops new sends at a pause and sends every waiting message exactly once on resume', async () => {
    const recipients = people('pause', 120);
    const sent = await post('/api/admin/email/send/', {
      kind: 'service',
      recipients,
      subject: 'Lent',
      content: 'Lent groups.',
    });
    expect(sent.status).toBe(202);
    const id = sent.body.id;
    await eventually(
      async () => smtp.received.length > 0 && received(recipients).some((count) => count > 0),
      'a start',
    );

    const paused = await action(id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', paused_reason: null });
    const atPause = received(recipients).reduce((sum, count) => sum + count, 0);
    expect((await action(id, 'pause')).status).toBe(409);

    const nothingFailed = await action(id, 'retry-failed');
    expect(nothingFailed.status).toBe(409);
    expect(nothingFailed.body.detail).toBe('No message of this campaign failed.');

    // Whatever was in flight finishes; then nothing more arrives while it is paused.
    await eventually(async () => {
      const rows = await app.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, id));
      return rows.every((row) => row.status !== 'sending');
    }, 'messages in flight recorded');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterPause = received(recipients).reduce((sum, count) => sum + count, 0);
    expect(afterPause - atPause).toBeLessThanOrEqual(CONCURRENCY);
    const held = await detail(id);
    expect(held).toMatchObject({ status: 'paused', sent: afterPause });
    expect(held.pending).toBeGreaterThan(0);

    const resumed = await action(id, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toBe('sending');
    expect((await action(id, 'resume')).status).toBe(409);
    expect(await settled(id, ['sent'])).toMatchObject({ status: 'sent', sent: 120, failed: 0 });
    expect(received(recipients)).toEqual(Array(120).fill(1));
  }, 60_000);

  it('leaves nothing waiting when a campaign is cancelled while it sends', async () => {
    const recipients = people('stopped', 100);
    const sent = await post('/api/admin/email/send/', {
      kind: 'service',
      recipients,
      subject: 'Oops',
      content: 'Sent by mistake.',
    });
    await eventually(async () => received(recipients).some((count) => count > 0), 'a start');
    expect((await action(sent.body.id, 'cancel')).status).toBe(200);
    await eventually(async () => {
      const rows = await app.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, sent.body.id));
      return rows.every((row) => row.status !== 'sending');
    }, 'messages in flight recorded');
    const done = await detail(sent.body.id);
    expect(done).toMatchObject({ status: 'cancelled', pending: 0 });
    expect(done.sent + done.cancelled).toBe(100);
    expect(done.sent).toBe(received(recipients).reduce((sum, count) => sum + count, 0));
  });

  it('pauses by itself when the mail server refuses nearly everything, saying why', async () => {
    const recipients = Array.from({ length: 60 }, (_, index) => ({ email: `m${index}@refused.example`, name: '' }));
    const sent = await post('/api/admin/email/send/', {
      kind: 'service',
      recipients,
      subject: 'Refused',
      content: 'No way through.',
    });
    const paused = await eventually(async () => {
      const campaign = await detail(sent.body.id);
      return campaign.status === 'paused' && campaign;
    }, 'paused automatically');
    expect(paused.paused_reason).toMatch(
      /^Paused automatically: (1[6-9]|20) of the last 20 messages failed \(550 5\.7\.1 Relaying denied\)\. Check the mail server settings, then resume\.$/,
    );
    expect(paused.pending).toBeGreaterThan(0);
    expect(paused.failed).toBeLessThan(60);
  });
});

describe('sending failed messages again', () => {
  it('sends the failed ones again, and only them', async () => {
    const fine = people('steady', 4);
    const bounced = people('bounced', 3);
    for (const { email } of bounced) refused.add(email);
    const sent = await post('/api/admin/email/send/', {
      kind: 'service',
      recipients: [...fine, ...bounced],
      subject: 'Retry',
      content: 'Hello.',
    });
    expect(await settled(sent.body.id)).toMatchObject({ status: 'sent_with_failures', sent: 4, failed: 3 });
    expect(received(bounced)).toEqual([0, 0, 0]);

    // The refusals suppressed the addresses; the mail server takes them again, so staff lift them first.
    refused.clear();
    const suppressions = await app.call(
      'GET',
      '/api/admin/email/suppressions/?search=bounced',
      undefined,
      staff.headers,
    );
    expect(suppressions.body.results.map((row: { email: string }) => row.email).sort()).toEqual(
      bounced.map(({ email }) => email).sort(),
    );
    for (const { id } of suppressions.body.results) {
      expect((await app.call('DELETE', `/api/admin/email/suppressions/${id}/`, undefined, staff.headers)).status).toBe(
        204,
      );
    }
    const retried = await action(sent.body.id, 'retry-failed');
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'sending', pending: 3, failed: 0, finished_at: null });
    expect(await settled(sent.body.id, ['sent'])).toMatchObject({ status: 'sent', sent: 7, failed: 0 });
    expect(received([...fine, ...bounced])).toEqual(Array(7).fill(1));
    const rows = await app.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, sent.body.id));
    expect(rows.every((row) => row.status === 'sent' && row.failureReason === null)).toBe(true);

    const again = await action(sent.body.id, 'retry-failed');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(
      'Only a campaign that has finished, is paused or was cancelled can send its failed messages again.',
    );
  });

  it('refuses a campaign that sent everything', async () => {
    const sent = await post('/api/admin/email/send/', {
      kind: 'service',
      recipients: people('allgood', 2),
      subject: 'Ok',
      content: 'Ok.',
    });
    await settled(sent.body.id);
    const answer = await action(sent.body.id, 'retry-failed');
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe(
      'Only a campaign that has finished, is paused or was cancelled can send its failed messages again.',
    );
  });
});

describe('who may act on a campaign', () => {
  it('answers 401 to every action without a staff session', async () => {
    const id = await insertDraft(app, {
      kind: 'service',
      recipients: people('anon', 1),
    });
    for (const name of ['schedule', 'unschedule', 'pause', 'resume', 'retry-failed', 'cancel']) {
      const answer = await app.call('POST', `/api/admin/email/campaigns/${id}/${name}/`, { send_at: inSeconds(60) });
      expect(answer.status, name).toBe(401);
    }
    expect((await detail(id)).status).toBe('draft');
  });
});
