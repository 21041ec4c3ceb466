import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { loadConfig, type Config } from '@gather/server/platform/config';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import { startEmbeddedPostgres } from '@gather/server/platform/local-services/embedded-postgres';
import { startLocalRedis } from '@gather/server/platform/local-services/local-redis';
import { startServer, type RunningServer } from '@gather/server/api/server';
import { startStack, type Stack } from '@gather/server/platform/stack';

/**
 * Production's request log for an API a bench hosts: one info line per request (the site also needs
 * `LOG_LEVEL: 'info'`). The destination is the operator's, so here it is /dev/null.
 */
export function productionRequestLog(): Logger {
  return pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
}

export interface BenchSite {
  config: Config;
  stack: Stack;
  server: RunningServer;
  /** Signs a new staff account in through the real login call: its session cookie. */
  signInStaff(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A real Gather API in this process, on an embedded PostgreSQL and a redis-server of its own in a
 * temporary folder; `env` adds to or overrides the bench defaults. The worker runs elsewhere unless a
 * bench starts it.
 */
export async function startBenchSite(env: Record<string, string>, log: Logger): Promise<BenchSite> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-bench-'));
  const postgres = await startEmbeddedPostgres({ dataDir, log, persistent: false });
  const redis = await startLocalRedis({ dataDir, log, persistent: false });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    LOG_LEVEL: 'warn',
    SEED_DEMO_CONTENT: 'false',
    SERVE_FRONTEND: 'false',
    RUN_WORKER: 'false',
    ...env,
  });
  const stack = await startStack(config, log);
  const server = await startServer(stack.ctx);
  return {
    config,
    stack,
    server,
    signInStaff: () => signInStaff(server.url, stack),
    stop: async () => {
      await server.close();
      await stack.stop();
      await redis.stop();
      await postgres.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function signInStaff(url: string, stack: Stack): Promise<string> {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  await new StaffPasswords(new AuthRepository(stack.ctx.db)).setPassword(username, password);
  const login = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, remember: false }),
  });
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith('__Host-gather_session='));
  if (!cookie) throw new Error(`sign-in failed: ${login.status}`);
  return cookie.split(';')[0]!;
}
