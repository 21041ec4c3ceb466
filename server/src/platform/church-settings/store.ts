import type { ChurchSettings } from '@gather/contracts';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { announcePublicChange, publicChangesChannel } from '../cache/public-cache.js';
import type { Config } from '../config.js';
import { settingsFromConfig } from './defaults.js';
import type { ChurchSettingsRepository } from './repository.js';

/** How old the details may grow while this process cannot hear of changes (Redis away). */
const UNSURE_KEEP_MS = 5_000;

/**
 * The church's details as every process shows them: the saved ones over the settings file's. Each process keeps
 * them in memory and reads them again when it hears that public content changed (every staff write announces it,
 * a save of these details too): a request costs no round trip, which a busy Sunday's thousands of calls would
 * each pay. While it cannot hear (Redis away or reconnecting), it reads them again at most every UNSURE_KEEP_MS.
 */
export class ChurchSettingsStore {
  private saved: Partial<ChurchSettings> = {};
  private readonly defaults: ChurchSettings;
  private readonly subscriber: Redis;
  private listening = false;
  /** Changes heard, and how many of them the details in memory already include. */
  private changesHeard = 0;
  private changesRead = -1;
  private readAt = 0;

  constructor(
    private readonly repository: ChurchSettingsRepository,
    private readonly redis: Redis,
    private readonly config: Config,
    private readonly log: Logger,
  ) {
    this.defaults = settingsFromConfig(config);
    this.subscriber = redis.duplicate({ autoResubscribe: false, enableOfflineQueue: false, lazyConnect: false });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', () => void (this.changesHeard += 1));
    this.subscriber.on('close', () => void (this.listening = false));
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(publicChangesChannel(config.QUEUE_PREFIX)).then(
        () => {
          // What was announced while nobody listened is gone: read the details again.
          this.changesHeard += 1;
          this.listening = true;
        },
        (error: unknown) => log.warn({ err: error }, 'church settings cannot listen for changes'),
      );
    });
  }

  /** The details as last read: for what cannot wait (a letter being written after `current()`). */
  get latest(): ChurchSettings {
    return { ...this.defaults, ...this.saved };
  }

  /**
   * The details as the last save left them, in whichever process it was made. `reread` reads them from the
   * database whatever was heard: staff looking at the settings themselves see a save made a moment ago elsewhere.
   */
  async current({ reread = false } = {}): Promise<ChurchSettings> {
    if (reread || !this.upToDate()) {
      const heard = this.changesHeard;
      try {
        this.saved = (await this.repository.savedDetails()) ?? {};
        this.changesRead = heard;
        this.readAt = Date.now();
      } catch (error) {
        // The database's own outage answers elsewhere; the details read last are still the best known.
        this.log.warn({ err: error }, 'church settings not re-read');
      }
    }
    return this.latest;
  }

  /** Whether the details in memory include every change heard of, and this process can hear of changes. */
  upToDate(): boolean {
    const unsure = !this.listening && Date.now() - this.readAt > UNSURE_KEEP_MS;
    return !unsure && this.changesRead === this.changesHeard;
  }

  /** Stores the details and tells every process (after the commit, so none reads the old row as new). */
  async save(details: ChurchSettings): Promise<ChurchSettings> {
    await this.repository.saveDetails(details);
    this.saved = details;
    await announcePublicChange(this.redis, this.config.QUEUE_PREFIX).catch((error: unknown) => {
      this.log.warn({ err: error }, 'church settings change not announced; other processes see it within seconds');
    });
    return this.latest;
  }

  close(): void {
    this.subscriber.disconnect();
  }
}
