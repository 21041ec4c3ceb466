import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterRedis } from 'rate-limiter-flexible';
import { createRateLimiter, tooManyRequests } from '../../platform/http/rate-limit.js';

// Five wrong passwords lock one username for a quarter of an hour; an address trying
// many usernames is stopped after twenty.
const PER_USERNAME = { points: 5, duration: 15 * 60 };
const PER_ADDRESS = { points: 20, duration: 15 * 60 };

/**
 * Every sign-in takes an attempt before its password is checked, so sign-ins sent at once cannot
 * all be checked against a count none of them has added to yet; a right password gives it back.
 */
export class LoginThrottle {
  private readonly byUsername;
  private readonly byAddress;

  /** `prefix` keeps the counts of sites sharing one Redis apart (QUEUE_PREFIX). */
  constructor(redis: Redis, prefix: string) {
    this.byUsername = createRateLimiter(redis, `${prefix}:login:user`, PER_USERNAME.points, PER_USERNAME.duration);
    this.byAddress = createRateLimiter(redis, `${prefix}:login:ip`, PER_ADDRESS.points, PER_ADDRESS.duration);
  }

  /** Takes one attempt from the username and one from the address; 429 with Retry-After when either has none left. */
  async takeAttempt(username: string, address: string): Promise<void> {
    await take(this.byUsername, key(username));
    try {
      await take(this.byAddress, address);
    } catch (refusal) {
      // Refused for its address, the attempt was never made: the username keeps it.
      await this.byUsername.reward(key(username));
      throw refusal;
    }
  }

  /** The password was right: the username starts afresh and the address gets its attempt back. */
  async succeeded(username: string, address: string): Promise<void> {
    await Promise.all([this.byUsername.delete(key(username)), this.byAddress.reward(address)]);
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
