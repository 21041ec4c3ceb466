import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { churchSettings } from '@gather/server/platform/database/schema/church-settings';
import { staffUsers } from '@gather/server/platform/database/schema/staff';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { runWorker } from '@gather/server/worker/run';
import { startPeerApp, startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';
import { stExample } from '../../support/church-settings.js';

const REFUSED = 'Mailbox unavailable: this address is closed';

let smtp: TestSmtpServer;
let app: TestApp;
let workerApp: TestApp;
let worker: RunningWorkers;
let admin: Staff;

beforeAll(async () => {
  smtp = await startTestSmtp({
    rejectRecipient: (address) => (address === 'closed@stexample.org' ? REFUSED : undefined),
  });
  app = await startTestApp({ SMTP_URL: smtp.url, WORKER_QUEUES: 'email', CHURCH_EMAIL_DOMAIN: 'stexample.org' });
  // The worker runs in a process of its own, with its own copy of the church's details.
  workerApp = await startPeerApp(app);
  worker = await runWorker(workerApp.ctx);
  admin = await signInAsStaff(app);
  await app.ctx.db
    .update(staffUsers)
    .set({ email: 'martha@stexample.org' })
    .where(eq(staffUsers.username, admin.username));
});
afterAll(async () => {
  await worker?.close();
  await workerApp?.close();
  await app?.close();
  await smtp?.close();
});

const checklistStep = async (step: string) => {
  const answer = await app.call('GET', '/api/admin/settings/checklist/', undefined, admin.headers);
  return (answer.body.steps as Array<{ step: string; done: boolean }>).find((item) => item.step === step)?.done;
};

describe('the test e-mail', () => {
  it('goes only to the staff member or the church, never to a typed address', async () => {
    for (const to of ['someone@example.com', '', undefined]) {
      const answer = await app.call('POST', '/api/admin/settings/test-email/', { to }, admin.headers);
      expect(answer.status, String(to)).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['to']);
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('answers the mail server’s own reply, and ticks the checklist only once one got through', async () => {
    expect(await checklistStep('test_email')).toBe(false);
    const answer = await app.call('POST', '/api/admin/settings/test-email/', { to: 'me' }, admin.headers);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, to: 'martha@stexample.org' });
    expect(answer.body.server_reply).toMatch(/^250 /);
    expect(smtp.to('martha@stexample.org')).toHaveLength(1);
    expect(smtp.to('martha@stexample.org')[0]!.subject).toContain('Test e-mail');
    expect(await checklistStep('test_email')).toBe(true);
    // The checklist keeps that one got through, not to whom.
    const [kept] = await app.ctx.db.select().from(churchSettings).where(eq(churchSettings.name, 'test_email'));
    expect(JSON.stringify(kept!.value)).not.toContain('stexample.org');
  });

  it('says in plain words why the server refused', async () => {
    await app.call(
      'PUT',
      '/api/admin/settings/',
      { ...stExample, church_notify_email: 'closed@stexample.org' },
      admin.headers,
    );
    const answer = await app.call('POST', '/api/admin/settings/test-email/', { to: 'notify' }, admin.headers);
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(false);
    expect(answer.body.to).toBe('closed@stexample.org');
    expect(answer.body.server_reply).toContain('refused the message');
    expect(answer.body.server_reply).toContain(REFUSED);
  });

  it('says when the mail server cannot be reached', async () => {
    const closed = await startTestSmtp();
    await closed.close();
    const offline = await startTestApp({ SMTP_URL: closed.url, CHURCH_EMAIL_DOMAIN: 'stexample.org' });
    try {
      const staff = await signInAsStaff(offline);
      const answer = await offline.call('POST', '/api/admin/settings/test-email/', { to: 'contact' }, staff.headers);
      expect(answer.body.ok).toBe(false);
      expect(answer.body.server_reply).toContain('could not be reached');
      const checklist = await offline.call('GET', '/api/admin/settings/checklist/', undefined, staff.headers);
      expect(checklist.body.steps).toContainEqual({ step: 'test_email', done: false });
    } finally {
      await offline.close();
    }
  });
});

describe('the mail the worker writes', () => {
  it('carries the saved phone and bank details in the next receipt', async () => {
    // The worker has read the details before the change.
    await workerApp.ctx.church.current();
    const saved = await app.call('PUT', '/api/admin/settings/', stExample, admin.headers);
    expect(saved.status).toBe(200);
    const given = await app.call('POST', '/api/give/', { name: 'Ada', email: 'ada@example.org', giving_type: 'tithe' });
    expect(given.status).toBe(201);
    const [receipt] = await eventually(
      async () => smtp.to('ada@example.org').length > 0 && smtp.to('ada@example.org'),
      'the receipt',
    );
    expect(receipt!.subject).toBe('Thank you for your gift to St Example Parish Church');
    for (const shown of ['30-99-50', '87654321', 'PCC of St Example', 'Lloyds Bank', '01234 999000']) {
      expect(receipt!.text).toContain(shown);
    }
    expect(receipt!.header('from')).toContain('news@stexample.org');
  });
});
