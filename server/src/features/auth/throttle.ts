import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { createRateLimiter, tooManyRequests } from '../../platform/http/rate-limit.js';

// Five wrong passwords lock one username for a quarter of an hour, except on the browsers its owner has
// signed in from before, which each have five of their own; an address trying many usernames is stopped
// after twenty.
const PER_USERNAME = { points: 5, duration: 15 * 60 };
const PER_KNOWN_DEVICE = { points: 5, duration: 15 * 60 };
const PER_ADDRESS = { points: 20, duration: 15 * 60 };

/** Where an attempt comes from: its address, and the known device's id when its cookie is genuine. */
export interface AttemptSource {
  address: string;
  device?: string;
}

/**
 * Every sign-in takes an attempt before its password is checked, so sign-ins sent at once cannot
 * all be checked against a count none of them has added to yet; a right password gives it back.
 */
export class LoginThrottle {
  private readonly byUsername;
  private readonly byDevice;
  private readonly byAddress;

  /** `prefix` keeps the counts of sites sharing one Redis apart (QUEUE_PREFIX). */
  constructor(redis: Redis, prefix: string) {
    this.byUsername = createRateLimiter(redis, `${prefix}:login:user`, PER_USERNAME.points, PER_USERNAME.duration);
    this.byDevice = createRateLimiter(
      redis,
      `${prefix}:login:device`,
      PER_KNOWN_DEVICE.points,
      PER_KNOWN_DEVICE.duration,
    );
    this.byAddress = createRateLimiter(redis, `${prefix}:login:ip`, PER_ADDRESS.points, PER_ADDRESS.duration);
  }

  /** Takes one attempt from the account (or its known device) and one from the address; 429 when either has none left. */
  async takeAttempt(username: string, source: AttemptSource): Promise<void> {
    const [account, accountKey] = this.accountCount(username, source);
    await take(account, accountKey);
    try {
      await take(this.byAddress, source.address);
    } catch (refusal) {
      // Refused for its address, the attempt was never made: the account keeps it.
      await account.reward(accountKey);
      throw refusal;
    }
  }

  /** The password was right: the account (or device) starts afresh and the address gets its attempt back. */
  async succeeded(username: string, source: AttemptSource): Promise<void> {
    const [account, accountKey] = this.accountCount(username, source);
    await Promise.all([account.delete(accountKey), this.byAddress.reward(source.address)]);
  }

  private accountCount(username: string, source: AttemptSource): [RateLimiterRedis, string] {
    return source.device ? [this.byDevice, `${key(username)}:${source.device}`] : [this.byUsername, key(username)];
  }
}

async function take(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
    throw rejection;
  }
}

const key = (username: string) => username.trim().toLowerCase();
