import type { Redis } from 'ioredis';
import { createRateLimiter, tooManyRequests } from '../../http/rate-limit.js';

// Five wrong passwords lock one username for a quarter of an hour; an address trying
// many usernames is stopped after twenty.
const PER_USERNAME = { points: 5, duration: 15 * 60 };
const PER_ADDRESS = { points: 20, duration: 15 * 60 };

export class LoginThrottle {
  private readonly byUsername;
  private readonly byAddress;

  constructor(redis: Redis) {
    this.byUsername = createRateLimiter(redis, 'login:user', PER_USERNAME.points, PER_USERNAME.duration);
    this.byAddress = createRateLimiter(redis, 'login:ip', PER_ADDRESS.points, PER_ADDRESS.duration);
  }

  /** Refuses with 429 and Retry-After while either key has used up its failures. */
  async check(username: string, address: string): Promise<void> {
    const [user, ip] = await Promise.all([this.byUsername.get(key(username)), this.byAddress.get(address)]);
    const blocked = [
      user && user.consumedPoints >= PER_USERNAME.points ? user.msBeforeNext : 0,
      ip && ip.consumedPoints >= PER_ADDRESS.points ? ip.msBeforeNext : 0,
    ];
    const wait = Math.max(...blocked);
    if (wait > 0) throw tooManyRequests(wait);
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await Promise.all([this.byUsername.penalty(key(username)), this.byAddress.penalty(address)]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.byUsername.delete(key(username));
  }
}

const key = (username: string) => username.trim().toLowerCase();
