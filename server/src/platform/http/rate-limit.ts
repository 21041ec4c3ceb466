import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import { Batched } from '../database/batched.js';
import { AppError } from '../errors.js';

/**
 * How often one address may call the visitors' endpoints (settings, see config.ts). Generous,
 * because a whole congregation on the church Wi-Fi shares one address; tight enough that a
 * script cannot flood the inboxes.
 */
const WINDOWS = { forms: 10 * 60, questions: 60, uploads: 10 * 60, votes: 60, campaignTests: 10 * 60 } as const;
/**
 * Limits whose counts are taken together under a steady stream, at most every so many ms, as one Redis write: a
 * congregation voting sends hundreds a second, each otherwise a round trip of its own (gathered, the qna-votes load
 * cost 0.89 times the CPU, paired run by run). A count after a quiet spell goes at once.
 */
const GATHERED: Partial<Record<RateLimitName, number>> = { votes: 20 };
/** Test sends are staff's, a few per draft: 30 in 10 minutes keeps a stuck button from flooding an inbox. */
const CAMPAIGN_TESTS = 30;
export type RateLimitName = keyof typeof WINDOWS;

/** Counts live in Redis so every API process shares them; while Redis is away, in memory. */
export function createRateLimiter(redis: Redis, keyPrefix: string, points: number, duration: number) {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
}

export class RateLimits {
  private readonly limiters: Record<RateLimitName, RateLimiterRedis>;
  private readonly gathered = new Map<RateLimitName, Batched<string, RateLimiterRes>>();

  constructor(
    redis: Redis,
    config: Pick<
      Config,
      'QUEUE_PREFIX' | 'RATE_LIMIT_FORMS' | 'RATE_LIMIT_QUESTIONS' | 'RATE_LIMIT_UPLOADS' | 'RATE_LIMIT_VOTES'
    >,
  ) {
    // Under the site's prefix: sites sharing one Redis must not share their visitors' counts.
    const limit = (name: RateLimitName, points: number) =>
      createRateLimiter(redis, `${config.QUEUE_PREFIX}:limit:${name}`, points, WINDOWS[name]);
    this.limiters = {
      forms: limit('forms', config.RATE_LIMIT_FORMS),
      questions: limit('questions', config.RATE_LIMIT_QUESTIONS),
      uploads: limit('uploads', config.RATE_LIMIT_UPLOADS),
      votes: limit('votes', config.RATE_LIMIT_VOTES),
      campaignTests: limit('campaignTests', CAMPAIGN_TESTS),
    };
    for (const [name, spacingMs] of Object.entries(GATHERED) as Array<[RateLimitName, number]>) {
      const limiter = this.limiters[name];
      // Every count of a batch is asked for in one turn: the limits' connection sends them as one write.
      const countAll = (addresses: string[]) =>
        Promise.allSettled(addresses.map((address) => limiter.consume(address)));
      this.gathered.set(name, new Batched(countAll, { running: 2, items: 500, spacingMs }));
    }
  }

  async consume(name: RateLimitName, address: string): Promise<void> {
    const gathered = this.gathered.get(name);
    try {
      await (gathered ? gathered.add(address) : this.limiters[name].consume(address));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
      throw rejection;
    }
  }
}

export function tooManyRequests(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError(
    429,
    { detail: `Too many requests. Please wait ${seconds} seconds and try again.` },
    { 'Retry-After': String(seconds) },
  );
}
