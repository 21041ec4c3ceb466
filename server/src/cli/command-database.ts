import { pino } from 'pino';
import type { Config } from '../platform/config.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../platform/local-services/embedded-postgres.js';

/**
 * The database a command works on: DATABASE_URL's server, or the embedded one in DATA_DIR, shared with a
 * running `npm start` or started just for the command (and stopped by `stop`).
 */
export async function commandDatabase(config: Config): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  const running = runningEmbeddedPostgresUrl(config.DATA_DIR);
  if (running) return { url: running, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, log: pino({ level: 'warn' }) });
  return { url: embedded.url, stop: () => embedded.stop() };
}
