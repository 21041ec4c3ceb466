import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '@gather/server/platform/config';
import type { PublicCache } from '@gather/server/platform/cache/public-cache';
import { ChurchSettingsRepository } from '@gather/server/platform/church-settings/repository';
import { ChurchSettingsStore } from '@gather/server/platform/church-settings/store';
import type { AppContext } from '@gather/server/platform/context';
import { applyMigrations, connectDatabase } from '@gather/server/platform/database/client';
import { ensureDatabase } from '@gather/server/platform/local-services/embedded-postgres';
import type { EndpointSpec } from '@gather/server/platform/http/endpoint';
import { streamPublisher } from '@gather/server/platform/live/stream';
import { mediaStorage } from '@gather/server/platform/media/media-store';
import type { MediaStorage } from '@gather/server/platform/media/storage';
import { startServer } from '@gather/server/api/server';
import { caller, type Answer } from './http.js';

export type { Answer };

export interface TestApp {
  url: string;
  ctx: AppContext;
  mediaDir: string;
  /** Where the app keeps finished media: its media folder, or the test S3 server in the media-s3 project. */
  storage: MediaStorage;
  /** Every endpoint the app serves, as its router declared them. */
  endpoints: EndpointSpec[];
  /**
   * The public lists the app keeps between staff edits: a test that writes rows straight to the database
   * calls `changed()` after, as a staff edit would.
   */
  publicCache: PublicCache;
  /** What the app logged at warn level and above, one JSON line each. */
  logs: string[];
  /** Calls the running API over HTTP and reads the answer as JSON when it is JSON. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
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
  // The media-s3 project keeps each app's media in a folder of its own in the test S3 server.
  const store = inject('mediaStoreUrl');
  const storeUrl = store && store.replace('?', `/${database}?`);
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
    ...(storeUrl && { MEDIA_STORAGE_URL: storeUrl }),
    ...env,
  });
  const migrations = connectDatabase(config.DATABASE_URL!);
  await applyMigrations(migrations.db);
  await migrations.close();
  return serve(config, () => fs.rm(dataDir, { recursive: true, force: true }));
}

/**
 * Another API process of the same site: the same database, Redis, queues and media folder as
 * `app`, its own port and connections. For what must work whichever process a client talks to; `own` gives it
 * settings of its own (a port, when the app's is fixed).
 */
export function startPeerApp(app: TestApp, own: Partial<Config> = {}): Promise<TestApp> {
  return serve({ ...app.ctx.config, ...own }, async () => undefined);
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
    church: new ChurchSettingsStore(new ChurchSettingsRepository(handle.db), redis, config, log),
  };
  const closeChurch = () => ctx.church.close();
  const server = await startServer(ctx);

  const call = caller(server.url);

  return {
    url: server.url,
    ctx,
    mediaDir: config.MEDIA_DIR,
    storage: mediaStorage(config),
    endpoints: server.endpoints,
    publicCache: server.publicCache,
    logs,
    call,
    close: async () => {
      await server.close();
      closeChurch();
      redis.disconnect();
      await handle.close();
      await cleanUp();
    },
  };
}

/** The settings a child process of the app needs to keep media where the app does (none on the local folder). */
export function mediaStoreSettings(app: TestApp): Record<string, string> {
  const store = app.ctx.config.MEDIA_STORAGE_URL;
  if (!store) return {};
  const query = new URLSearchParams({ region: store.region, forcePathStyle: String(store.forcePathStyle) });
  if (store.endpoint) query.set('endpoint', store.endpoint);
  return { MEDIA_STORAGE_URL: `s3://${store.bucket}/${store.prefix}?${query}` };
}
