import { Queue } from 'bullmq';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from './app.js';
import { startTestSmtp, type TestSmtpServer } from './test-smtp.js';

export interface MailingApp {
  app: TestApp;
  smtp: TestSmtpServer;
  worker: RunningWorkers;
  /** The e-mail queue, to look at the jobs the worker is given. */
  queue: Queue;
  close(): Promise<void>;
}

/** A test API whose worker sends its e-mail to a real SMTP server of the test's own. */
export async function startMailingApp(env: Record<string, string> = {}): Promise<MailingApp> {
  const smtp = await startTestSmtp();
  const app = await startTestApp({ SMTP_URL: smtp.url, WORKER_QUEUES: 'email', ...env });
  const worker = await runWorker(app.ctx);
  const queue = new Queue('email', { connection: app.ctx.redis.duplicate(), prefix: app.ctx.config.QUEUE_PREFIX });
  return {
    app,
    smtp,
    worker,
    queue,
    close: async () => {
      await queue.close();
      await worker.close();
      await app.close();
      await smtp.close();
    },
  };
}
