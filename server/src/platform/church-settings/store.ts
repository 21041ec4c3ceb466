import { randomUUID } from 'node:crypto';
import type { ChurchSettings } from '@gather/contracts';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { settingsFromConfig } from './defaults.js';
import type { ChurchSettingsRepository } from './repository.js';

/** How old the details may grow while Redis cannot say whether they changed. */
const UNSURE_KEEP_MS = 5_000;

/**
 * The church's details as every process shows them: the saved ones over the settings file's. Each process keeps
 * them in memory and, before each request or job, asks Redis for the version the last save wrote (one GET): a
 * save in any API process is seen by the next request to every other one, with no wait for a message.
 */
export class ChurchSettingsStore {
  private saved: Partial<ChurchSettings> = {};
  /** The version last read; undefined before the first read. */
  private version: string | null | undefined;
  private readAt = 0;
  private readonly defaults: ChurchSettings;
  private readonly versionKey: string;

  constructor(
    private readonly repository: ChurchSettingsRepository,
    private readonly redis: Redis,
    config: Config,
    private readonly log: Logger,
  ) {
    this.defaults = settingsFromConfig(config);
    this.versionKey = `${config.QUEUE_PREFIX}:church-settings-version`;
  }

  /** The details as last read: for what cannot wait (a letter being written after `current()`). */
  get latest(): ChurchSettings {
    return { ...this.defaults, ...this.saved };
  }

  /** The details as the last save left them, in whichever process it was made. */
  async current(): Promise<ChurchSettings> {
    const version = await this.savedVersion();
    const unsure = version === null && Date.now() - this.readAt > UNSURE_KEEP_MS;
    if (version !== this.version || unsure) {
      try {
        this.saved = (await this.repository.savedDetails()) ?? {};
        this.version = version;
        this.readAt = Date.now();
      } catch (error) {
        // The database's own outage answers elsewhere; the details read last are still the best known.
        this.log.warn({ err: error }, 'church settings not re-read');
      }
    }
    return this.latest;
  }

  /** Stores the details and tells every process (after the commit, so none reads the old row as new). */
  async save(details: ChurchSettings): Promise<ChurchSettings> {
    await this.repository.saveDetails(details);
    this.saved = details;
    const version = randomUUID();
    this.version = version;
    this.readAt = Date.now();
    await this.redis.set(this.versionKey, version).catch((error: unknown) => {
      this.log.warn({ err: error }, 'church settings change not announced; other processes see it within seconds');
    });
    return this.latest;
  }

  private async savedVersion(): Promise<string | null> {
    // A Redis away would hold the request until it came back: the database alone answers meanwhile.
    if (this.redis.status !== 'ready') return null;
    try {
      return await this.redis.get(this.versionKey);
    } catch {
      return null;
    }
  }
}
