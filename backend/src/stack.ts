import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { applyMigrations, connectDatabase } from './db/client.js';
import { startEmbeddedPostgres } from './infra/embedded-postgres.js';
import { startLocalRedis } from './infra/local-redis.js';

export interface Stack {
  ctx: AppContext;
  /** Stops what this process started, in reverse order. */
  stop(): Promise<void>;
}

/**
 * Connects to PostgreSQL and Redis: the ones named by DATABASE_URL and REDIS_URL,
 * or else an embedded PostgreSQL and a spawned redis-server with their data under DATA_DIR.
 */
export async function startStack(config: Config, log: Logger): Promise<Stack> {
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error) => log.warn({ err: error }, 'stop step failed'));
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const postgres = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, log });
      stops.push(() => postgres.stop());
      databaseUrl = postgres.url;
      log.info({ dataDir: config.DATA_DIR }, 'embedded PostgreSQL started');
    }
    let redisUrl = config.REDIS_URL;
    if (!redisUrl) {
      const redis = await startLocalRedis({ dataDir: config.DATA_DIR, log });
      stops.push(() => redis.stop());
      redisUrl = redis.url;
      log.info('local redis-server started');
    }
    const database = connectDatabase(databaseUrl, (error) =>
      log.warn({ err: error.message }, 'database connection lost'),
    );
    stops.push(() => database.close());
    await applyMigrations(database.db);

    const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
    redis.on('error', (error) => log.warn({ err: error.message }, 'redis connection problem'));
    stops.push(() => redis.quit().catch(() => redis.disconnect()));
    await redis.connect().catch((error) => log.warn({ err: error.message }, 'redis not reachable yet'));

    return { ctx: { config, db: database.db, pool: database.pool, redis, log }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
