import type { CookieOptions, Response } from 'express';
import type { Config } from '../../platform/config.js';
import { SESSION_COOKIE } from '../../platform/http/guards.js';
import type { SignedIn } from './service.js';

export function sessionCookieOptions(config: Pick<Config, 'NODE_ENV'>): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.NODE_ENV === 'production', path: '/' };
}

/** A remembered sign-in's cookie outlives the browser; any other ends with it. */
export function setSessionCookie(res: Response, signedIn: SignedIn, cookie: CookieOptions): void {
  res.cookie(
    SESSION_COOKIE,
    signedIn.token,
    signedIn.persistentUntil ? { ...cookie, expires: signedIn.persistentUntil } : cookie,
  );
}
