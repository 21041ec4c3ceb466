import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { stopChild } from '@gather/server/platform/local-services/child-process';
import type { TestApp } from './app.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  url: string;
  stop(): Promise<void>;
}

export interface WorkerProcess {
  /** SIGKILL, as a crash or an evicted container would. */
  kill(): Promise<void>;
}

/** The settings every process of `app`'s site shares. */
function siteSettings(app: TestApp, dataDir: string): Record<string, string> {
  const { config } = app.ctx;
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: config.DATABASE_URL!,
    REDIS_URL: config.REDIS_URL!,
    QUEUE_PREFIX: config.QUEUE_PREFIX,
    DATA_DIR: dataDir,
    SERVE_FRONTEND: 'false',
    SEED_DEMO_CONTENT: 'false',
    // One signing secret for the whole site, so links and tickets made by one process hold in another.
    UNSUBSCRIBE_SECRET: config.UNSUBSCRIBE_SECRET ?? 'a-test-secret-shared-by-every-process-of-the-site',
  };
}

async function started(entry: string, ready: string, env: Record<string, string>) {
  // node itself, not the tsx launcher, so a signal reaches the process under test and nothing outlives it.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before starting:\n${output}`)));
  });
  return child;
}

/** A worker process of `app`'s site sending e-mail to `smtpUrl`; a killed worker's jobs are taken over in 2-4 s. */
export async function startWorkerProcess(app: TestApp, smtpUrl: string): Promise<WorkerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-worker-'));
  const child = await started('server/src/entry/worker.ts', '"msg":"worker started"', {
    ...siteSettings(app, dataDir),
    SMTP_URL: smtpUrl,
    WORKER_QUEUES: 'email',
    WORKER_LOCK_MS: '2000',
  });
  return {
    kill: async () => {
      await stopChild(child, 'SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another API process of `app`'s site, started as an operator would (its own node, the shared PostgreSQL and
 * Redis, no worker): for what must hold whichever process a visitor reaches.
 */
export async function startApiProcess(app: TestApp, env: Record<string, string> = {}): Promise<ApiProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-api-'));
  const port = await freePort();
  const child = await started('server/src/entry/api.ts', 'Gather is running', {
    ...siteSettings(app, dataDir),
    RATE_LIMIT_FORMS: '100000',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stopChild(child, 'SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
