import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRedis, type LocalRedisHandle } from '@gather/server/platform/local-services/local-redis';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';

/**
 * Redis without persistence forgets the jobs it holds when it restarts, and a failover can bring
 * back a copy from before the last jobs were added. Each case runs its own redis-server (in its
 * own folder, so a snapshot of one case never reaches another) and its own API and worker.
 */
let smtp: TestSmtpServer;
let redis: LocalRedisHandle | undefined;
let redisDir: string;
let app: TestApp | undefined;
let worker: RunningWorkers | undefined;
const quiet = pino({ level: 'silent' });

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterEach(async () => {
  await worker?.close();
  await app?.close();
  await redis?.stop();
  await fs.rm(redisDir, { recursive: true, force: true });
  worker = app = redis = undefined;
});
afterAll(() => smtp.close());

async function startSite(env: Record<string, string> = {}): Promise<TestApp> {
  redisDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-redis-loss-'));
  redis = await startLocalRedis({ dataDir: redisDir, log: quiet, persistent: false });
  app = await startTestApp({ REDIS_URL: redis.url, SMTP_URL: smtp.url, WORKER_QUEUES: 'email', ...env });
  return app;
}

/** Stops Redis and starts a new one on the same port and folder: empty, or with the last snapshot. */
async function restartRedis(): Promise<void> {
  await redis!.stop();
  redis = await startLocalRedis({ dataDir: redisDir, log: quiet, persistent: false, port: redis!.port });
}

async function sendContactMessages(site: TestApp, label: string, count: number): Promise<string[]> {
  const subjects = Array.from({ length: count }, (_, index) => `${label} ${index}`);
  for (const subject of subjects) {
    const answer = await site.call('POST', '/api/contact/', {
      name: 'Grace Okafor',
      email: 'grace@example.org',
      subject,
      message: 'Is there parking on Sunday?',
    });
    expect(answer.status).toBe(201);
  }
  return subjects;
}

const copiesOf = (subject: string) =>
  smtp.received.filter((mail) => mail.subject === `Contact form: ${subject}`).length;
const allArrived = (subjects: string[]) => subjects.every((subject) => copiesOf(subject) > 0);

/** Every job handed over and sitting in Redis, none run yet (the worker is stopped). */
async function waitUntilInRedis(site: TestApp, jobs: number): Promise<void> {
  const connection = new Redis(redis!.url, { maxRetriesPerRequest: null });
  const queue = new Queue('email', { connection, prefix: site.ctx.config.QUEUE_PREFIX });
  try {
    await eventually(async () => (await queue.getWaitingCount()) === jobs, `${jobs} jobs waiting in Redis`);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The queue empty once all mail arrived: a job wrongly handed over again would have run by now. */
async function waitUntilDrained(site: TestApp): Promise<void> {
  const connection = new Redis(redis!.url, { maxRetriesPerRequest: null });
  const queue = new Queue('email', { connection, prefix: site.ctx.config.QUEUE_PREFIX });
  try {
    await eventually(
      async () => (await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized')) === 0,
      'the e-mail queue drained',
    );
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

describe('a Redis that comes back without the jobs it was given', () => {
  it('restarted empty: every mail still goes out once, and mail already sent is not sent again', async () => {
    const site = await startSite();
    worker = await runWorker(site.ctx);
    const sentBefore = await sendContactMessages(site, 'Before the restart', 5);
    await eventually(async () => allArrived(sentBefore), 'mail sent before the restart');
    await worker.close();

    const waiting = await sendContactMessages(site, 'Waiting in Redis', 8);
    await waitUntilInRedis(site, 8);
    await restartRedis();
    worker = await runWorker(site.ctx);
    const sentAfter = await sendContactMessages(site, 'After the restart', 3);

    await eventually(async () => allArrived([...waiting, ...sentAfter]), 'mail that was waiting in Redis sent');
    await waitUntilDrained(site);
    for (const subject of [...sentBefore, ...waiting, ...sentAfter])
      expect([subject, copiesOf(subject)]).toEqual([subject, 1]);
  }, 60_000);

  it('back with a snapshot taken before the last jobs: those jobs are handed over again at the next check', async () => {
    const site = await startSite({ OUTBOX_RECHECK_MS: '1000' });
    worker = await runWorker(site.ctx);
    const sentBefore = await sendContactMessages(site, 'Before the snapshot', 3);
    await eventually(async () => allArrived(sentBefore), 'mail sent before the snapshot');
    await worker.close();
    const snapshot = new Redis(redis!.url);
    await snapshot.save();
    snapshot.disconnect();

    const waiting = await sendContactMessages(site, 'After the snapshot', 6);
    await waitUntilInRedis(site, 6);
    await restartRedis();
    worker = await runWorker(site.ctx);

    await eventually(async () => allArrived(waiting), 'mail added after the snapshot sent');
    await waitUntilDrained(site);
    for (const subject of [...sentBefore, ...waiting]) expect([subject, copiesOf(subject)]).toEqual([subject, 1]);
  }, 60_000);
});
