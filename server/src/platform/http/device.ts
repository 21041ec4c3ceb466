import { createHmac, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { remembered } from '../remembered.js';
import { keyFor, siteSecret } from '../signed-links.js';

export const DEVICE_COOKIE = 'gather_device';
/** As long as browsers keep a cookie (400 days): a phone stays the same voter all year. */
const DEVICE_COOKIE_MS = 400 * 24 * 60 * 60 * 1000;
/** Cookies already checked, kept so that a phone's every vote is not signed again: a congregation and more. */
const KNOWN_COOKIES = 10_000;

/**
 * Each audience browser's own random id, in a signed httpOnly cookie: the Q&A counts one vote per
 * question per device with it, and shows an asker their own question while it waits. The signature
 * means an id cannot be made up, only taken from a cookie the site issued. A vote counts only from a
 * device the site gave its cookie before (on the question page), so a script that drops its cookies
 * must fetch a new one for each vote; the per-address limits bound what that gains it.
 */
export class DeviceIds {
  private readonly key: KeyObject;
  /** A cookie's device id, remembered once its signature was found right. */
  private readonly checked = remembered(KNOWN_COOKIES, (cookie) => this.check(cookie));

  constructor(private readonly config: Config) {
    // The site keeps one secret (see siteSecret); this use gets a key of its own derived from it.
    this.key = keyFor(siteSecret(config), 'gather:qna-device-id');
  }

  /** The caller's device id when the site gave it one before; undefined otherwise (a new one is not made). */
  known(req: Request): string | undefined {
    return this.verify(req.cookies?.[DEVICE_COOKIE]);
  }

  /** The caller's device id; a new one, set as a cookie on the answer, when it has none or a forged one. */
  of(req: Request, res: Response): string {
    const known = this.verify(req.cookies?.[DEVICE_COOKIE]);
    if (known) return known;
    const id = randomBytes(16).toString('base64url');
    res.cookie(DEVICE_COOKIE, `${id}.${this.sign(id)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.NODE_ENV === 'production',
      path: '/',
      maxAge: DEVICE_COOKIE_MS,
    });
    return id;
  }

  private verify(cookie: unknown): string | undefined {
    return typeof cookie === 'string' ? this.checked(cookie) : undefined;
  }

  private check(cookie: string): string | undefined {
    const [id, signature] = cookie.split('.');
    if (!id || !signature) return undefined;
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }
}
