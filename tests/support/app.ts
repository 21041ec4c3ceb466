import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '@gather/backend/config';
import type { AppContext } from '@gather/backend/context';
import { applyMigrations, connectDatabase } from '@gather/backend/db/client';
import { ensureDatabase } from '@gather/backend/infra/embedded-postgres';
import type { EndpointSpec } from '@gather/backend/http/endpoint';
import { streamPublisher } from '@gather/backend/live/stream';
import { startServer } from '@gather/backend/server';

export interface TestApp {
  url: string;
  ctx: AppContext;
  mediaDir: string;
  /** Every endpoint the app serves, as its router declared them. */
  endpoints: EndpointSpec[];
  /** What the app logged at warn level and above, one JSON line each. */
  logs: string[];
  /** Calls the running API over HTTP and reads the answer as JSON when it is JSON. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely and assert on them
  body: any;
}

/**
 * A real API on a real port with its own fresh database and media folder. A DATABASE_URL in `env`
 * (a test's own PostgreSQL) is used instead of a new database on the shared one.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('postgresAdminUrl');
  const database = `gather_test_${randomBytes(6).toString('hex')}`;
  if (!env.DATABASE_URL) await ensureDatabase(adminUrl, database);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${database}`),
    REDIS_URL: inject('redisUrl'),
    SEED_DEMO_CONTENT: 'false',
    SERVE_FRONTEND: 'false',
    LOG_LEVEL: 'silent',
    QUEUE_PREFIX: `test-${database}`,
    // Every test file calls from 127.0.0.1; only the rate-limit tests ask for the real limits.
    RATE_LIMIT_FORMS: '100000',
    RATE_LIMIT_QUESTIONS: '100000',
    RATE_LIMIT_UPLOADS: '100000',
    RATE_LIMIT_VOTES: '100000',
    // Browser tests fill forms faster than people do; only the spam tests ask for the real minimum.
    FORM_MIN_FILL_SECONDS: '0',
    ...env,
  });
  const migrations = connectDatabase(config.DATABASE_URL!);
  await applyMigrations(migrations.db);
  await migrations.close();
  return serve(config, () => fs.rm(dataDir, { recursive: true, force: true }));
}

/**
 * Another API process of the same site: the same database, Redis, queues and media folder as
 * `app`, its own port and connections. For what must work whichever process a client talks to.
 */
export function startPeerApp(app: TestApp): Promise<TestApp> {
  return serve(app.ctx.config, async () => undefined);
}

async function serve(config: Config, cleanUp: () => Promise<void>): Promise<TestApp> {
  const handle = connectDatabase(config.DATABASE_URL!);
  const redis = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  const logs: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void logs.push(line) });
  const ctx: AppContext = {
    config,
    db: handle.db,
    pool: handle.pool,
    redis,
    log,
    live: streamPublisher(redis, config.QUEUE_PREFIX, log),
  };
  const server = await startServer(ctx);

  const call: TestApp['call'] = async (method, route, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (typeof body === 'string') {
      init.body = body;
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(server.url + route, init);
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
  };

  return {
    url: server.url,
    ctx,
    mediaDir: config.MEDIA_DIR,
    endpoints: server.endpoints,
    logs,
    call,
    close: async () => {
      await server.close();
      redis.disconnect();
      await handle.close();
      await cleanUp();
    },
  };
}
