import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { stopChild } from '@gather/server/platform/local-services/child-process';
import { siteSecret } from '@gather/server/platform/signed-links';
import type { TestApp } from './app.js';

const root = path.resolve(import.meta.dirname, '../..');

/** One process of the site, started as an operator would: its own node, its own disk, the shared services. */
export interface SiteProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** What every process of one site shares with `owner` (the test's own app, which made and migrated the database). */
export function sharedEnv(owner: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  const { config } = owner.ctx;
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: config.DATABASE_URL!,
    REDIS_URL: config.REDIS_URL!,
    QUEUE_PREFIX: config.QUEUE_PREFIX,
    RUN_WORKER: 'false',
    SERVE_FRONTEND: 'false',
    SEED_DEMO_CONTENT: 'false',
    // Signed cookies and links (a phone's device id) are good on every process, the owner's too.
    UNSUBSCRIBE_SECRET: siteSecret(config),
    ...extra,
  };
}

/** Processes started here, stopped together by stopSiteProcesses. */
export class SiteProcesses {
  readonly started: SiteProcess[] = [];

  constructor(private readonly shared: () => Record<string, string>) {}

  /** Resolves once the process printed `ready`; rejects with its output if it exits before. */
  async start(entry: string, ready: string, env: Record<string, string> = {}): Promise<SiteProcess> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-process-'));
    // node itself, not the tsx launcher, so a signal reaches the process under test and nothing outlives it.
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      env: { ...process.env, ...this.shared(), DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const started: SiteProcess = { url: `http://127.0.0.1:${env.PORT}`, child, output: () => output };
    this.started.push(started);
    child.on('exit', () => void fs.rm(dataDir, { recursive: true, force: true }));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(ready)) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before starting:\n${output}`)));
    });
    return started;
  }

  /** An API process of its own (no worker), on a free port. */
  async api(entry = 'server/src/entry/api.ts'): Promise<SiteProcess> {
    return this.start(entry, 'Gather is running', { PORT: String(await freePort()), HOST: '127.0.0.1' });
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.started.map(({ child }) => stopChild(child, 'SIGKILL')));
  }
}
