import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@gather/server/platform/local-services/embedded-postgres';
import { startLocalRedis } from '@gather/server/platform/local-services/local-redis';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    redisUrl: string;
  }
}

/** One real PostgreSQL and one real Redis for the whole run; each test file makes its own database. */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-test-'));
  const log = pino({ level: 'warn' });
  const postgres = await startEmbeddedPostgres({ dataDir, log, persistent: false });
  const redis = await startLocalRedis({ dataDir, log, persistent: false });
  project.provide('postgresAdminUrl', postgres.urlFor('postgres'));
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
