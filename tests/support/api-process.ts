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

/**
 * Another API process of `app`'s site, started as an operator would (its own node, the shared PostgreSQL and
 * Redis, no worker): for what must hold whichever process a visitor reaches.
 */
export async function startApiProcess(app: TestApp, env: Record<string, string> = {}): Promise<ApiProcess> {
  const { config } = app.ctx;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-api-'));
  const port = await freePort();
  // node itself, not the tsx launcher, so a signal reaches the process under test and nothing outlives it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/entry/api.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: config.DATABASE_URL!,
      REDIS_URL: config.REDIS_URL!,
      QUEUE_PREFIX: config.QUEUE_PREFIX,
      DATA_DIR: dataDir,
      SERVE_FRONTEND: 'false',
      SEED_DEMO_CONTENT: 'false',
      RATE_LIMIT_FORMS: '100000',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Gather is running')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before starting:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stopChild(child, 'SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
