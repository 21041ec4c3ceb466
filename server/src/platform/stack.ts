import { Redis } from 'ioredis';
import path from 'node:path';
import type { Logger } from 'pino';
import { ChurchSettingsRepository } from './church-settings/repository.js';
import { ChurchSettingsStore } from './church-settings/store.js';
import { ConfigError, type Config } from './config.js';
import type { AppContext } from './context.js';
import { applyMigrations, connectDatabase } from './database/client.js';
import { isDatabaseUnavailable } from './errors.js';
import { startEmbeddedPostgres } from './local-services/embedded-postgres.js';
import { startLocalRedis } from './local-services/local-redis.js';
import { startSmtpSink } from './local-services/smtp-sink.js';
import { streamPublisher } from './live/stream.js';

export interface Stack {
  ctx: AppContext;
  /** Stops what this process started, in reverse order. */
  stop(): Promise<void>;
}

/**
 * Connects to PostgreSQL and Redis: the ones named by DATABASE_URL and REDIS_URL,
 * or else an embedded PostgreSQL and a spawned redis-server with their data under DATA_DIR.
 * Without SMTP_URL it starts a local SMTP sink (mail kept under DATA_DIR/mail) and puts the
 * sink's URL in `ctx.config.SMTP_URL`, so the mailer always reads its server from there.
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
    let smtpUrl = config.SMTP_URL;
    if (!smtpUrl) {
      const sink = await startSmtpSink({ dir: path.join(config.DATA_DIR, 'mail'), log });
      stops.push(() => sink.stop());
      smtpUrl = sink.url;
      const level = config.NODE_ENV === 'production' ? 'warn' : 'info';
      log[level]({ dir: sink.dir }, 'no SMTP_URL: mail is kept as .eml files, not delivered');
    }
    const database = connectDatabase(databaseUrl, (error) =>
      log.warn({ err: error.message }, 'database connection lost'),
    );
    stops.push(() => database.close());
    await applyMigrations(database.db).catch((error: unknown) => {
      throw cannotReachDatabase(databaseUrl, error) ?? error;
    });

    const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
    redis.on('error', (error) => log.warn({ err: error.message }, 'redis connection problem'));
    stops.push(() => redis.quit().catch(() => redis.disconnect()));
    await redis.connect().catch((error) => log.warn({ err: error.message }, 'redis not reachable yet'));

    const church = new ChurchSettingsStore(new ChurchSettingsRepository(database.db), redis, config, log);
    stops.push(async () => church.close());
    return {
      ctx: {
        config: { ...config, SMTP_URL: smtpUrl },
        church,
        db: database.db,
        pool: database.pool,
        redis,
        log,
        live: streamPublisher(redis, config.QUEUE_PREFIX, log),
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// PostgreSQL's answers to a wrong user, password or database name.
const SIGN_IN_CODES = new Set(['28000', '28P01', '3D000']);

/** A database that is not there or will not let Gather in is the operator's to fix: said in one line, no stack. */
function cannotReachDatabase(databaseUrl: string, error: unknown): ConfigError | undefined {
  // Drizzle wraps the driver's error: the innermost one says what happened.
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  const code = (innermost as { code?: unknown }).code;
  const refused = typeof code === 'string' && SIGN_IN_CODES.has(code);
  if (!refused && !isDatabaseUnavailable(error)) return undefined;
  const { hostname, port } = new URL(databaseUrl);
  const why = refused ? 'refuses to let Gather in' : 'cannot be reached';
  return new ConfigError(
    `Gather could not start: the database at ${hostname}:${port || 5432} ${why} ` +
      `(${innermost instanceof Error ? innermost.message : String(innermost)}). ` +
      'Check DATABASE_URL and that PostgreSQL is running.',
  );
}
