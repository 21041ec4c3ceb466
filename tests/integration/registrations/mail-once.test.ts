import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { startWorkerProcess, type WorkerProcess } from '../../support/processes.js';
import { eventTakingSignUps, signUp } from '../../support/registrations.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';

const PEOPLE = 60;

let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, WORKER_QUEUES: 'email' });
  staff = await signInAsStaff(app);
});
afterAll(async () => {
  for (const worker of workers) await worker.kill();
  await app?.close();
  await smtp?.close();
});

describe('sign-up confirmations through a worker killed mid-way', () => {
  it('reach every person, and only those in flight at the kill twice', async () => {
    const eventId = await eventTakingSignUps(app, staff, { capacity: PEOPLE });
    const emails = Array.from({ length: PEOPLE }, (_, index) => `person${index}@example.org`);
    for (const email of emails) expect((await signUp(app, eventId, { email })).status).toBe(201);

    workers.push(await startWorkerProcess(app, smtp.url));
    await eventually(async () => smtp.received.length >= PEOPLE / 4, 'a quarter sent', 30_000);
    await workers[0]!.kill();
    expect(smtp.received.length).toBeLessThan(PEOPLE);

    workers.push(await startWorkerProcess(app, smtp.url));
    await eventually(async () => emails.every((email) => smtp.countFor(email) > 0), 'every confirmation', 60_000);
    // SMTP cannot say whether a message the killed worker was handing over arrived: those few are sent again
    // rather than lost (as campaigns do); everyone else gets exactly one.
    const twice = emails.filter((email) => smtp.countFor(email) > 1);
    expect(twice.length).toBeLessThanOrEqual(app.ctx.config.WORKER_EMAIL_CONCURRENCY);
    expect(Math.max(...emails.map((email) => smtp.countFor(email)))).toBeLessThanOrEqual(2);
  }, 120_000);
});
