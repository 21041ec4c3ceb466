import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries } from '@gather/server/platform/database/schema/newsletters';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';
import { eventually } from '../../support/eventually.js';

let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
let worker: RunningWorkers;

const unknown = ['nobody1@example.org', 'nobody2@example.org', 'nobody3@example.org'];
const flaky = ['flaky1@example.org', 'flaky2@example.org', 'flaky3@example.org', 'flaky4@example.org'];
const doomed = 'doomed@example.org';
const fine = Array.from({ length: 12 }, (_, index) => `member${index}@example.org`);

beforeAll(async () => {
  smtp = await startTestSmtp({
    rejectRecipient: (address) =>
      unknown.includes(address) ? `5.1.1 <${address}>: Recipient address rejected: User unknown` : undefined,
    // The flaky ones lose their connection on the first try only; the doomed one every time.
    dropMessage: (address, attempt) => (flaky.includes(address) && attempt === 1) || address === doomed,
  });
  // Retries 20 ms, 40 ms ... instead of 10 s, 20 s ...: all 8 attempts take about 2.5 s.
  app = await startTestApp({ SMTP_URL: smtp.url, WORKER_QUEUES: 'email', JOB_BACKOFF_MS: '20' });
  staff = await signInAsStaff(app);
  worker = await runWorker(app.ctx);
});
afterAll(async () => {
  await worker?.close();
  await app?.close();
  await smtp?.close();
});

describe('bulk e-mail when the mail server refuses or drops messages', () => {
  it('ends every delivery sent or failed with the reason, retrying only what may still go through', async () => {
    const recipients = [...unknown, ...flaky, doomed, ...fine].map((email) => ({ email, name: '' }));
    const answer = await app.call(
      'POST',
      '/api/admin/email/send/',
      { recipients, subject: 'Parish news', content: 'Hello.', kind: 'service' },
      staff.headers,
    );
    expect(answer.status).toBe(202);

    const done = await eventually(
      async () => {
        const detail = await app.call('GET', `/api/admin/email/campaigns/${answer.body.id}/`, undefined, staff.headers);
        return detail.body.status !== 'sending' && detail.body;
      },
      'campaign finished',
      25_000,
    );
    expect(done).toMatchObject({ status: 'sent_with_failures', total: 20, sent: 16, failed: 4, pending: 0 });

    const rows = await app.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, answer.body.id));
    const row = (email: string) => rows.find((delivery) => delivery.email === email)!;
    expect(rows.every((delivery) => ['sent', 'failed'].includes(delivery.status))).toBe(true);

    for (const address of unknown) {
      expect(row(address)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row(address).failureReason).toContain('550');
      expect(row(address).failureReason).toContain('User unknown');
      expect(smtp.countFor(address)).toBe(0);
    }
    for (const address of flaky) {
      expect(row(address)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.countFor(address)).toBe(1);
    }
    expect(row(doomed)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(row(doomed).failureReason).toMatch(/connection closed/i);
    for (const address of fine) {
      expect(row(address)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(smtp.countFor(address)).toBe(1);
    }

    expect(done.failed_deliveries).toHaveLength(4);
    expect(done.failed_deliveries.map((failure: { email: string }) => failure.email).sort()).toEqual(
      [doomed, ...unknown].sort(),
    );
    expect(done.failed_deliveries.every((failure: { failure_reason: string }) => failure.failure_reason)).toBe(true);
  }, 40_000);
});
