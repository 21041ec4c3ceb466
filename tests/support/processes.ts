import type { ChildProcess } from 'node:child_process';
import type { TestApp } from './app.js';
import { SiteProcesses, sharedEnv } from './site-process.js';

/** Another API process of a test site; `stop` kills it as a crash or an evicted container would (SIGKILL). */
export interface ApiProcess {
  url: string;
  stop(): Promise<void>;
}

export interface WorkerProcess {
  /** SIGKILL, as a crash or an evicted container would. */
  kill(): Promise<void>;
}

/** A worker process of `app`'s site sending e-mail to `smtpUrl`; a killed worker's jobs are taken over in 2-4 s. */
export async function startWorkerProcess(app: TestApp, smtpUrl: string): Promise<WorkerProcess> {
  const processes = new SiteProcesses(() =>
    sharedEnv(app, { SMTP_URL: smtpUrl, WORKER_QUEUES: 'email', WORKER_LOCK_MS: '2000' }),
  );
  await processes.start('server/src/entry/worker.ts', '"msg":"worker started"');
  return { kill: () => processes.stopAll() };
}

/**
 * Another API process of `app`'s site, started as an operator would (its own node, the shared PostgreSQL and
 * Redis, no worker): for what must hold whichever process a visitor reaches.
 */
export async function startApiProcess(app: TestApp, env: Record<string, string> = {}): Promise<ApiProcess> {
  const processes = new SiteProcesses(() => sharedEnv(app, { RATE_LIMIT_FORMS: '100000', ...env }));
  const { url } = await processes.api();
  return { url, stop: () => processes.stopAll() };
}

/** Once a worker process started by a test says it is running; fails with what it wrote if it exits before. */
export function workerStarted(worker: ChildProcess): Promise<void> {
  let output = '';
  return new Promise<void>((resolve, reject) => {
    worker.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"worker started"')) resolve();
    });
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting:\n${output}`)));
  });
}
