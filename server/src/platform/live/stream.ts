import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LiveEvent, LiveSink } from './events.js';
import { LivePublisher } from './publisher.js';

/**
 * The worker has no socket server, so its events go through a Redis stream that the API processes
 * read as ONE consumer group: each event is taken by exactly one API process, which emits it
 * through the socket.io adapter like its own events. The adapter then reaches the sockets of every
 * API process and keeps the event for connection state recovery. (Were each API process to read
 * every worker event and emit it only to its own sockets, a client recovering on another process
 * would miss it; were each to emit through the adapter, every client would get it once per process.)
 */
const GROUP = 'api';
/** Enough for minutes of busy work; an API process away longer skips what it missed (see MAX_AGE_MS). */
const STREAM_MAX_LEN = 10_000;
const READ_COUNT = 100;
const BLOCK_MS = 5000;
/** An event no API process took for this long was taken by one that died; another takes it over. */
const ABANDONED_MS = 30_000;
/**
 * Older events are dropped, not pushed: a page away that long has refetched, so pushing them
 * would only show stale progress (e.g. after every API process was down a while).
 */
const MAX_AGE_MS = 2 * 60_000;

export const liveStreamKey = (queuePrefix: string) => `${queuePrefix}:live:events`;

/** The publisher of a process without sockets (the worker): its events reach the sockets through an API process. */
export function streamPublisher(redis: Redis, queuePrefix: string, log: Logger): LivePublisher {
  return new LivePublisher(new LiveStreamSink(redis, liveStreamKey(queuePrefix)), log);
}

/** The worker's sink (and any process without sockets): appends events to the live stream. */
export class LiveStreamSink implements LiveSink {
  private group?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
  ) {}

  async deliver(event: LiveEvent): Promise<void> {
    // The group may not exist yet when the worker starts first; events written before it would be skipped.
    await (this.group ??= ensureGroup(this.redis, this.key).catch((error: unknown) => {
      this.group = undefined;
      throw error;
    }));
    await this.redis.xadd(this.key, 'MAXLEN', '~', STREAM_MAX_LEN, '*', 'event', JSON.stringify(event));
  }
}

type Entry = [id: string, fields: string[] | null];

/** Runs in each API process: takes its share of the live stream and hands each event to `deliver`. */
export class LiveStreamRelay {
  private readonly consumer = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private reading?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private failing = false;
  private wake?: () => void;

  /**
   * `reader` is this relay's own connection: it blocks while waiting for events. It must neither retry nor
   * queue commands: ioredis never settles a command it holds for a reconnection that `disconnect()` then
   * cancels, so a stop soon after a Redis restart would wait for ever.
   */
  constructor(
    private readonly redis: Redis,
    private readonly reader: Redis,
    private readonly key: string,
    private readonly deliver: (event: LiveEvent) => Promise<void>,
    private readonly log: Logger,
  ) {}

  /** Reads in the background: a Redis that is away must not stop the API from starting. */
  start(): void {
    this.reading = this.read();
    this.timer = setInterval(() => void this.takeOverAbandoned(), ABANDONED_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.reader.disconnect();
    this.wake?.();
    await this.reading;
    // Everything read was acknowledged, so nothing is lost with this consumer's name; with Redis away
    // the name stays until the take-over of abandoned entries, which is harmless.
    if (this.redis.status === 'ready') {
      await this.redis.xgroup('DELCONSUMER', this.key, GROUP, this.consumer).catch(() => undefined);
    }
  }

  private async read(): Promise<void> {
    let grouped = false;
    while (await this.readerReady()) {
      try {
        if (!grouped) {
          await ensureGroup(this.reader, this.key);
          grouped = true;
        }
        const reply = (await this.reader.xreadgroup(
          'GROUP',
          GROUP,
          this.consumer,
          'COUNT',
          READ_COUNT,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          this.key,
          '>',
        )) as Array<[string, Entry[]]> | null;
        this.failing = false;
        if (reply) await this.relay(reply[0]![1]);
      } catch (error) {
        if (this.stopped) return;
        // Redis restarted empty: the group is gone and is made again.
        if ((error as Error).message.includes('NOGROUP')) grouped = false;
        else await this.pause(error as Error);
      }
    }
  }

  /** Waits for the reader's connection; false once the relay is stopped. */
  private async readerReady(): Promise<boolean> {
    if (!this.stopped && this.reader.status !== 'ready') {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.reader.once('ready', resolve);
      });
    }
    return !this.stopped;
  }

  private async relay(entries: Entry[]): Promise<void> {
    const oldest = Date.now() - MAX_AGE_MS;
    for (const [id, fields] of entries) {
      const event = fields && parseEvent(fields);
      if (event && Number(id.split('-')[0]) >= oldest) {
        await this.deliver(event).catch((error: unknown) => this.log.warn({ err: error, id }, 'live event not pushed'));
      }
    }
    if (entries.length) await this.redis.xack(this.key, GROUP, ...entries.map(([id]) => id));
  }

  private async takeOverAbandoned(): Promise<void> {
    try {
      const [, entries] = (await this.redis.xautoclaim(this.key, GROUP, this.consumer, ABANDONED_MS, '0-0')) as [
        string,
        Entry[],
      ];
      await this.relay(entries);
    } catch (error) {
      this.log.debug({ err: (error as Error).message }, 'live stream take-over skipped');
    }
  }

  private async pause(error: Error): Promise<void> {
    if (!this.failing) this.log.warn({ err: error.message }, 'live stream unreachable; retrying');
    this.failing = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** From `$`: a group made for the first time does not replay what was written before it. */
async function ensureGroup(redis: Redis, key: string): Promise<void> {
  try {
    await redis.xgroup('CREATE', key, GROUP, '$', 'MKSTREAM');
  } catch (error) {
    if (!(error as Error).message.includes('BUSYGROUP')) throw error;
  }
}

function parseEvent(fields: string[]): LiveEvent | undefined {
  const json = fields[fields.indexOf('event') + 1];
  try {
    const event = json ? (JSON.parse(json) as Partial<LiveEvent>) : undefined;
    return typeof event?.namespace === 'string' && typeof event.room === 'string' && typeof event.event === 'string'
      ? (event as LiveEvent)
      : undefined;
  } catch {
    return undefined;
  }
}
