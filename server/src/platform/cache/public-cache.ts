import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A public answer as visitors get it: its text (JSON, or a drawn page's HTML) and a strong ETag. */
export interface CachedAnswer {
  body: string;
  /** The body gzipped once, for the many browsers that accept it, where it is long enough to gain. */
  gzipped?: Buffer;
  etag: string;
}

/** As the compression middleware: shorter bodies gain less than the header costs. */
const GZIP_FROM_BYTES = 1024;

/**
 * Bounds what a change made outside any API process (a restore, the worker's finished photos) can leave stale,
 * and how long a list keyed on the clock ('upcoming') can keep an event that has just ended.
 */
const KEEP_MS = 60_000;
/** Query strings are the visitors' to choose: past this many answers the cache starts again rather than grow. */
const MAX_ANSWERS = 500;

/** The channel every API process listens on; anything that changes public content may announce on it. */
export const publicChangesChannel = (prefix: string) => `${prefix}:public-changed`;

/**
 * Tells every API process that public content changed. Sent late if Redis is away: processes that were not
 * listening then serve nothing from memory meanwhile and start afresh when they listen again (see PublicCache).
 */
export async function announcePublicChange(redis: Redis, prefix: string): Promise<void> {
  await redis.publish(publicChangesChannel(prefix), '1');
}

/**
 * The public lists (events, sermons, albums, services, site, homepage) kept in memory between staff edits:
 * hundreds of phones opening the same link read them from here, not from PostgreSQL. Every staff write empties
 * the cache of every API process through Redis pub/sub. While this process is not listening (Redis away or
 * reconnecting) nothing is served from memory, since a change announced then would be missed.
 */
export class PublicCache {
  private readonly answers = new Map<string, { answer: CachedAnswer; until: number }>();
  private readonly subscriber: Redis;
  private readonly channel: string;
  private listening = false;
  /** Moves on every change, so a read that began before it does not store what it read. */
  private generation = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {
    this.channel = publicChangesChannel(prefix);
    this.subscriber = redis.duplicate({ autoResubscribe: false, enableOfflineQueue: false, lazyConnect: false });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', () => this.forget());
    this.subscriber.on('close', () => {
      this.listening = false;
    });
    this.subscriber.on('ready', () => {
      this.subscriber
        .subscribe(this.channel)
        .then(() => {
          // What was announced while nobody listened is gone: start from the database again.
          this.forget();
          this.listening = true;
        })
        .catch((error: unknown) => log.warn({ err: error }, 'public cache cannot listen for changes'));
    });
  }

  /** The answer under `key`, read by `load` when it is not kept (or cannot be trusted). */
  async get(key: string, load: () => Promise<unknown> | unknown): Promise<CachedAnswer> {
    const cached = this.answers.get(key);
    if (this.listening && cached && cached.until > Date.now()) return cached.answer;
    const generation = this.generation;
    const value = await load();
    const answer = textAnswer(JSON.stringify(value));
    this.store(key, answer, generation);
    return answer;
  }

  /** What is kept under `key` and can be trusted, for a caller that decides after reading whether to keep it. */
  peek(key: string): CachedAnswer | undefined {
    const cached = this.answers.get(key);
    return this.listening && cached && cached.until > Date.now() ? cached.answer : undefined;
  }

  /** Where public content stands now: `keep` stores nothing read before a later change. */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps a text already made (a drawn page) under `key`, unless public content changed since `since`; for
   * `keepMs` when shorter than the usual keep (a page that visitors' own actions change).
   */
  keep(key: string, body: string, since: number, keepMs = KEEP_MS): CachedAnswer {
    const answer = textAnswer(body);
    this.store(key, answer, since, Math.min(keepMs, KEEP_MS));
    return answer;
  }

  /**
   * Public content changed: this process forgets at once (the staff member's next look is fresh), the others
   * when Redis tells them, a moment later.
   */
  changed(): void {
    this.forget();
    announcePublicChange(this.redis, this.prefix).catch((error: unknown) =>
      this.log.warn({ err: error }, 'public change not announced to other API processes'),
    );
  }

  close(): void {
    this.listening = false;
    this.subscriber.disconnect();
  }

  private store(key: string, answer: CachedAnswer, since: number, keepMs = KEEP_MS): void {
    if (!this.listening || since !== this.generation) return;
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(key, { answer, until: Date.now() + keepMs });
  }

  private forget(): void {
    this.generation += 1;
    this.answers.clear();
  }
}

function textAnswer(body: string): CachedAnswer {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, gzipped: body.length >= GZIP_FROM_BYTES ? gzipSync(body) : undefined };
}
