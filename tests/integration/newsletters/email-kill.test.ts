import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';
import { eventually } from '../../support/eventually.js';
import { workerStarted } from '../../support/processes.js';
import { sharedEnv } from '../../support/site-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RECIPIENTS = 300;

let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, WORKER_QUEUES: 'email' });
  staff = await signInAsStaff(app);
});
afterAll(async () => {
  for (const child of workers) if (child.exitCode === null && child.signalCode === null) stopGroup(child, 'SIGKILL');
  await app?.close();
  await smtp?.close();
});

/** `npm run worker` as its own process group, so a kill reaches node itself and not only npx. */
async function startWorkerProcess(): Promise<ChildProcess> {
  const { config } = app.ctx;
  const child = spawn('npx', ['tsx', 'server/src/entry/worker.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...sharedEnv(app),
      DATA_DIR: config.DATA_DIR,
      SMTP_URL: smtp.url,
      WORKER_QUEUES: 'email',
      EMAIL_RATE_PER_SECOND: '50',
      // A killed worker's jobs are taken over about 2-4 s later instead of 30-60 s.
      WORKER_LOCK_MS: '2000',
    },
  });
  workers.push(child);
  await workerStarted(child);
  return child;
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  process.kill(-child.pid!, signal);
}

describe('a worker killed in the middle of a campaign', () => {
  it('loses no message, and sends at most the messages in flight twice', async () => {
    const first = await startWorkerProcess();
    const recipients = Array.from({ length: RECIPIENTS }, (_, index) => ({ email: `member${index}@example.org` }));
    const answer = await app.call(
      'POST',
      '/api/admin/email/send/',
      { recipients, subject: 'Advent services', content: 'Carols on Sunday.', kind: 'service' },
      staff.headers,
    );
    expect(answer.status).toBe(202);

    await eventually(async () => smtp.received.length >= RECIPIENTS / 3, 'a third sent', 30_000);
    stopGroup(first, 'SIGKILL');
    const atKill = smtp.received.length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    await startWorkerProcess();
    const done = await eventually(
      async () => {
        const detail = await app.call('GET', `/api/admin/email/campaigns/${answer.body.id}/`, undefined, staff.headers);
        return detail.body.status !== 'sending' && detail.body;
      },
      'campaign finished after the restart',
      60_000,
    );
    expect(done).toMatchObject({ status: 'sent', sent: RECIPIENTS, failed: 0, pending: 0 });

    const counts = recipients.map(({ email }) => smtp.countFor(email));
    expect(counts.filter((count) => count === 0)).toEqual([]);
    const twice = counts.filter((count) => count > 1).length;
    console.log(`kill test: ${atKill} of ${RECIPIENTS} received at the kill; ${twice} received twice`);
    expect(twice).toBeLessThanOrEqual(app.ctx.config.WORKER_EMAIL_CONCURRENCY);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
  }, 120_000);
});
