import { createHmac, type KeyObject } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '../../platform/errors.js';
import { remembered } from '../../platform/remembered.js';
import { keyFor } from '../../platform/signed-links.js';

/** A session's questions one phone may ask; an address's shares are set (QNA_*_PER_ADDRESS) as a church's Wi-Fi needs. */
const QUESTIONS_PER_DEVICE = 10;

/**
 * How much of a live session one visitor may take, so that one phone or one script cannot fill a
 * session's questions or carry a vote alone. An address is shared by a whole congregation on the church
 * Wi-Fi, so its shares are larger than a phone's.
 */
export interface AddressShares {
  questionsPerAddress: number;
  votesPerAddress: number;
}

/** Long enough to outlast any live session; each count starts again after a week of quiet. */
const KEPT_SECONDS = 7 * 24 * 60 * 60;
/** Addresses whose keyed hash is kept, so that each vote from a busy address is not hashed again. */
const HASHED_ADDRESSES = 10_000;

/**
 * The counts live in Redis, shared by every API process. An address is kept only as a keyed hash, which
 * cannot be turned back into the address, beside a count.
 */
export class AudienceShares {
  private readonly addressKey: KeyObject;
  private readonly redis: Redis & ShareCommands;
  private readonly hashed = remembered(HASHED_ADDRESSES, (address) =>
    createHmac('sha256', this.addressKey).update(address).digest('base64url'),
  );

  constructor(
    redis: Redis,
    private readonly prefix: string,
    secret: string,
    private readonly perAddress: AddressShares,
  ) {
    this.addressKey = keyFor(secret, 'gather:qna-address');
    // Scripts by their digest (EVALSHA): one short command a share, where a MULTI took four and a dear pipeline.
    redis.defineCommand('gatherShareAdd', { numberOfKeys: 1, lua: ADD });
    redis.defineCommand('gatherShareGiveBack', { numberOfKeys: 1, lua: GIVE_BACK });
    this.redis = redis as Redis & ShareCommands;
  }

  /** Takes a question's place in the device's and the address's shares; gives it back on refusal. */
  async takeQuestion(sessionId: string, deviceId: string, address: string): Promise<Place> {
    const keys = [
      this.key('asked', sessionId, 'device', deviceId),
      this.key('asked', sessionId, 'address', this.hashed(address)),
    ];
    const [byDevice, byAddress] = await Promise.all(keys.map((key) => this.add(key)));
    const place = new Place(() => this.giveBack(keys));
    if (byDevice! > QUESTIONS_PER_DEVICE || byAddress! > this.perAddress.questionsPerAddress) {
      await place.giveBack();
      throw new AppError(429, {
        detail: 'Thank you for your questions! You have asked as many as one person may in this session.',
      });
    }
    return place;
  }

  /** Counts a vote from the address before it is cast; given back when it changed nothing. */
  async takeVote(questionId: number, address: string): Promise<Place> {
    const key = this.key('votes', String(questionId), 'address', this.hashed(address));
    const place = new Place(() => this.giveBack([key]));
    if ((await this.add(key)) > this.perAddress.votesPerAddress) {
      await place.giveBack();
      throw new AppError(429, {
        detail: 'This question already has as many votes as one connection may give. Thank you for voting!',
      });
    }
    return place;
  }

  /**
   * Counts a poll's answer from the address before it is stored, within the same share as a question's votes;
   * given back when it only replaced the device's earlier answer, or was refused.
   */
  async takeAnswer(pollId: string, address: string): Promise<Place> {
    const key = this.key('answers', pollId, 'address', this.hashed(address));
    const place = new Place(() => this.giveBack([key]));
    if ((await this.add(key)) > this.perAddress.votesPerAddress) {
      await place.giveBack();
      throw new AppError(429, {
        detail: 'This poll already has as many answers as one connection may give. Thank you for answering!',
      });
    }
    return place;
  }

  /** A withdrawn vote frees its place for someone else on the same connection. */
  async voteWithdrawn(questionId: number, address: string): Promise<void> {
    await this.giveBack([this.key('votes', String(questionId), 'address', this.hashed(address))]);
  }

  private async add(key: string): Promise<number> {
    return Number(await this.redis.gatherShareAdd(key, KEPT_SECONDS));
  }

  private async giveBack(keys: string[]): Promise<void> {
    // Never below nothing: a count that expired in between is not made negative.
    await Promise.all(keys.map((key) => this.redis.gatherShareGiveBack(key)));
  }

  private key(kind: string, scope: string, who: string, id: string): string {
    return `${this.prefix}:qna:${kind}:${scope}:${who}:${id}`;
  }
}

interface ShareCommands {
  gatherShareAdd(key: string, keptSeconds: number): Promise<number>;
  gatherShareGiveBack(key: string): Promise<number>;
}

const ADD = `local count = redis.call('INCR', KEYS[1]) redis.call('EXPIRE', KEYS[1], ARGV[1]) return count`;
const GIVE_BACK = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

/** A place taken in a share, given back when what it was taken for did not happen. */
export class Place {
  constructor(readonly giveBack: () => Promise<void>) {}

  /** What `step` answers; the place is given back when it fails. */
  async keptIf<T>(step: Promise<T>): Promise<T> {
    try {
      return await step;
    } catch (error) {
      await this.giveBack().catch(() => undefined);
      throw error;
    }
  }
}
