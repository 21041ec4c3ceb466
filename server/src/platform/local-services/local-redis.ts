import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { stopChild } from './child-process.js';
import { freePort } from './free-port.js';

export interface LocalRedisHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class RedisNotInstalledError extends Error {
  constructor() {
    super(
      'Gather needs Redis: install it (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: `brew install redis`) or set REDIS_URL to a running Redis.',
    );
  }
}

/** Spawns `redis-server` with its data under `dataDir`, on a free port of 127.0.0.1. */
export async function startLocalRedis(options: {
  dataDir: string;
  log: Logger;
  port?: number;
  persistent?: boolean;
}): Promise<LocalRedisHandle> {
  const dir = path.join(options.dataDir, 'redis');
  await fs.mkdir(dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const persistence = options.persistent === false ? ['--save', '', '--appendonly', 'no'] : ['--appendonly', 'yes'];
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...persistence], {
    // Its own process group, so Ctrl+C in a terminal reaches the app, which stops Redis after it has finished with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Should this process end without stopping it (a crash, process.exit), Redis is not left behind.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  await waitUntilReady(child, options.log);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await stopChild(child);
    },
  };
}

function waitUntilReady(child: ChildProcess, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new RedisNotInstalledError() : error),
    );
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`redis-server stopped at start (code ${code}): ${output.trim()}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.trace({ redis: chunk.toString().trim() });
      if (!ready && output.includes('Ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
}
