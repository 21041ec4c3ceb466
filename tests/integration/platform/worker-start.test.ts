import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '@gather/server/platform/jobs/workers';
import { runWorker } from '@gather/server/worker/run';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WORKER_QUEUES: 'email' });
});
afterAll(() => app.close());

describe('starting the worker', () => {
  it('refuses to start when a job of its queues has no processor, naming it', async () => {
    await expect(startWorkers(app.ctx, {})).rejects.toThrow(
      'The worker has no processor for: send-notification-email, send-campaign',
    );
  });

  it('starts with every processor, and stops cleanly', async () => {
    const workers = await runWorker(app.ctx);
    expect(workers.workers.map((worker) => worker.name)).toEqual(['email']);
    expect(workers.workers.every((worker) => worker.isRunning())).toBe(true);
    await workers.close();
    expect(workers.workers.some((worker) => worker.isRunning())).toBe(false);
  });

  it("is healthy to its container's health check while it runs, and unhealthy once stopped", async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    // Its own temp folder, where the heartbeat lives, so no other worker on this machine answers for it.
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-worker-'));
    const { DATABASE_URL, REDIS_URL, QUEUE_PREFIX } = app.ctx.config;
    const env = { PATH: process.env.PATH, TMPDIR: tmp };
    const healthCheck = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/src/entry/worker-health-check.ts'], { cwd: root, env })
        .status;
    expect(healthCheck()).toBe(1);

    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/entry/worker.ts'], {
      cwd: root,
      env: {
        ...env,
        DATABASE_URL: DATABASE_URL!,
        REDIS_URL: REDIS_URL!,
        QUEUE_PREFIX,
        DATA_DIR: tmp,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let logged = '';
    worker.stdout.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    try {
      await eventually(async () => healthCheck() === 0, 'the worker reports itself healthy', 60_000);
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(healthCheck()).toBe(1);
      // Each line names its process once: a log search for the worker's lines finds them all, and only them.
      const lines = logged.trim().split('\n');
      expect(lines.map((line) => line.match(/"service":/g)?.length)).toEqual(lines.map(() => 1));
      expect(lines.map((line) => (JSON.parse(line) as { service: string }).service)).toEqual(
        lines.map(() => 'gather-worker'),
      );
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('worker started');
    } finally {
      worker.kill('SIGKILL');
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }, 90_000);
});
