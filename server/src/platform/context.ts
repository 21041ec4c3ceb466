import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ChurchSettingsStore } from './church-settings/store.js';
import type { Config } from './config.js';
import type { Database } from './database/client.js';
import type { LivePublisher } from './live/publisher.js';

/** What every feature is built from; made once per process in main.ts (or per test app). */
export interface AppContext {
  config: Config;
  db: Database;
  /** The pool behind `db`, for what Drizzle does not do (LISTEN for the outbox relay). */
  pool: pg.Pool;
  redis: Redis;
  log: Logger;
  /**
   * Pushes committed changes to the pages open on them. In the API's request handlers it emits
   * through the socket server; elsewhere (the worker) it writes to the live stream, which an API
   * process relays.
   */
  live: LivePublisher;
  /** The church's details as Settings saved them (the settings file's until then), fresh in every process. */
  church: ChurchSettingsStore;
}
