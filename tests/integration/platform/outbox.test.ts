import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@gather/server/platform/database/schema/outbox';
import { startLocalRedis, type LocalRedisHandle } from '@gather/server/platform/local-services/local-redis';
import { enqueueJob } from '@gather/server/platform/jobs/outbox';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';

let app: TestApp;
let redis: LocalRedisHandle;
let redisDir: string;
let emailQueue: Queue;

/** This file runs its own redis-server so it can stop and start it. */
beforeAll(async () => {
  redisDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-outbox-'));
  redis = await startLocalRedis({ dataDir: redisDir, log: pino({ level: 'silent' }), persistent: false });
  app = await startTestApp({ REDIS_URL: redis.url });
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  emailQueue = new Queue('email', { connection, prefix: app.ctx.config.QUEUE_PREFIX });
  emailQueue.on('error', () => undefined);
});
afterAll(async () => {
  await emailQueue.close();
  await app.close();
  await redis.stop();
  await fs.rm(redisDir, { recursive: true, force: true });
});

describe('the outbox', () => {
  it('queues a job only when its transaction commits, under the outbox id', async () => {
    await app.ctx.db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'send-notification-email', { kind: 'contact-notification', recordId: 999 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await app.ctx.db.transaction((tx) =>
      enqueueJob(tx, 'send-notification-email', { kind: 'contact-notification', recordId: 1 }),
    );

    const rows = await app.ctx.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    const job = await eventually(() => emailQueue.getJob(`outbox-${rows[0]!.id}`), 'job queued');
    expect(job.name).toBe('send-notification-email');
    expect(job.data).toEqual({ kind: 'contact-notification', recordId: 1 });
    // The relay marks the row in the same transaction, just after adding the job.
    await eventually(async () => {
      const [relayed] = await app.ctx.db.select().from(outbox).where(eq(outbox.id, rows[0]!.id));
      return relayed!.relayedAt !== null;
    }, 'row marked relayed');
  });

  it('refuses a payload that does not match its job', async () => {
    await expect(enqueueJob(app.ctx.db, 'process-upload', { target: 'nothing', id: 1 } as never)).rejects.toThrow();
  });

  it('keeps jobs while Redis is down and delivers them when it returns, with requests still answered', async () => {
    await redis.stop();
    const answer = await app.call('POST', '/api/contact/', {
      name: 'Grace',
      email: 'grace@example.org',
      subject: 'Visiting',
      message: 'Is there parking?',
    });
    expect(answer.status).toBe(201);
    await enqueueJob(app.ctx.db, 'send-notification-email', { kind: 'giving-receipt', recordId: 42 });
    const [waiting] = await app.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.payload, { kind: 'giving-receipt', recordId: 42 }));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [stillWaiting] = await app.ctx.db.select().from(outbox).where(eq(outbox.id, waiting!.id));
    expect(stillWaiting!.relayedAt).toBeNull();
    expect(stillWaiting!.attempts).toBeGreaterThan(0);

    redis = await startLocalRedis({
      dataDir: redisDir,
      log: pino({ level: 'silent' }),
      persistent: false,
      port: redis.port,
    });
    const job = await eventually(() => emailQueue.getJob(`outbox-${waiting!.id}`), 'job queued after Redis returned');
    expect(job.data).toEqual({ kind: 'giving-receipt', recordId: 42 });
  });
});
