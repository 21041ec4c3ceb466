import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '@gather/worker/worker';
import { runWorker } from '@gather/worker/run';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WORKER_QUEUES: 'email' });
});
afterAll(() => app.close());

describe('starting the worker', () => {
  it('refuses to start when a job of its queues has no processor, naming it', async () => {
    await expect(startWorkers(app.ctx, {})).rejects.toThrow(
      'The worker has no processor for: send-notification-email, send-campaign-message',
    );
  });

  it('starts with every processor, and stops cleanly', async () => {
    const workers = await runWorker(app.ctx);
    expect(workers.workers.map((worker) => worker.name)).toEqual(['email']);
    expect(workers.workers.every((worker) => worker.isRunning())).toBe(true);
    await workers.close();
    expect(workers.workers.some((worker) => worker.isRunning())).toBe(false);
  });
});
