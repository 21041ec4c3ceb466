import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRedis, type LocalRedisHandle } from '@gather/server/platform/local-services/local-redis';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';

/** A site with its own redis-server and worker, so the test can stop each and see readiness follow. */
let redisDir: string;
let redis: LocalRedisHandle;
let smtp: TestSmtpServer | undefined;
let app: TestApp;
let staff: Staff;
let worker: RunningWorkers | undefined;
const quiet = pino({ level: 'silent' });

beforeAll(async () => {
  redisDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-readiness-'));
  redis = await startLocalRedis({ dataDir: redisDir, log: quiet, persistent: false });
  smtp = await startTestSmtp();
  app = await startTestApp({ REDIS_URL: redis.url, SMTP_URL: smtp.url, WORKER_QUEUES: 'email' });
  staff = await signInAsStaff(app);
  worker = await runWorker(app.ctx);
});
afterAll(async () => {
  // Once in a full run on a loaded machine, BullMQ's close waited past the hook's two minutes after the Redis
  // restart below; every check is made by then, so the worker is given a while and then left to the process's end.
  await Promise.race([worker?.close(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  await app.close();
  await redis.stop();
  await smtp?.close();
  await fs.rm(redisDir, { recursive: true, force: true });
});

const readiness = () => app.call('GET', '/api/ready/', undefined, staff.headers);
const siteHealth = async () => (await app.call('GET', '/api/admin/site-health/', undefined, staff.headers)).body;
const becomes = (status: number, what: string) =>
  eventually(async () => ((await readiness()).status === status ? true : undefined), what, 30_000);

describe('/api/ready/', () => {
  it('reports each dependency, and is ready while PostgreSQL, Redis and a worker all answer', async () => {
    await becomes(200, 'ready');
    const { body } = await readiness();
    expect(body).toMatchObject({
      status: 'ready',
      database: true,
      redis: true,
      checks: {
        database: { status: 'ok' },
        redis: { status: 'ok' },
        worker: { status: 'ok', detail: expect.stringMatching(/^last heartbeat \d+ s ago$/) },
        mail: { status: 'ok', detail: expect.stringContaining('accepts connections') },
        disk: { status: expect.stringMatching(/ok|warning|failing/), detail: expect.stringContaining('GB free') },
      },
    });
    expect((await app.call('GET', '/api/admin/site-health/')).status).toBe(401);
    const visitors = await app.call('GET', '/api/ready/');
    expect(visitors.status).toBe(200);
    expect(visitors.body).toEqual({ status: 'ready' });
    if (body.checks.disk.status === 'ok') expect(await siteHealth()).toEqual({ problems: [] });
  });

  it('turns unhealthy when the worker stops, and the dashboard says so; healthy again when it is back', async () => {
    await worker!.close();
    worker = undefined;
    const stopped = await readiness();
    expect(stopped.status).toBe(503);
    // A visitor learns that the site is not ready, and nothing of why.
    expect((await app.call('GET', '/api/ready/')).body).toEqual({ status: 'not ready' });
    expect(stopped.body.checks.worker).toEqual({
      status: 'failing',
      detail: 'no worker is running: mail, photos and zips wait',
    });
    expect((await siteHealth()).problems).toContainEqual({
      check: 'worker',
      status: 'failing',
      detail: 'no worker is running: mail, photos and zips wait',
    });

    worker = await runWorker(app.ctx);
    await becomes(200, 'ready with the worker back');
  });

  it('turns unhealthy when Redis stops, and healthy again when it is back', async () => {
    const port = redis.port;
    await redis.stop();
    const away = await readiness();
    expect(away.status).toBe(503);
    expect(away.body).toMatchObject({ status: 'not ready', database: true, redis: false });
    expect(away.body.checks.redis.status).toBe('failing');

    redis = await startLocalRedis({ dataDir: redisDir, log: quiet, persistent: false, port });
    await becomes(200, 'ready with Redis back (and the worker beating into the new Redis)');
  });

  it('warns when the mail server cannot be reached, without taking the site out of service', async () => {
    const gone = smtp!.url;
    await smtp!.close();
    smtp = undefined;
    // The mail server is asked at most every 30 s; a fresh app asks at once.
    const other = await startTestApp({
      REDIS_URL: redis.url,
      SMTP_URL: gone,
      QUEUE_PREFIX: app.ctx.config.QUEUE_PREFIX,
    });
    try {
      const answer = await other.call('GET', '/api/ready/', undefined, (await signInAsStaff(other)).headers);
      expect(answer.status).toBe(200);
      expect(answer.body.checks.mail).toEqual({
        status: 'warning',
        detail: expect.stringMatching(/^the mail server 127\.0\.0\.1:\d+ refuses connections: mail is not going out$/),
      });
    } finally {
      await other.close();
    }
  });
});
