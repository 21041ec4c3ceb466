import type { CookieOptions, Request, Response } from 'express';
import { SESSION_COOKIE } from '../../platform/http/guards.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './known-devices.js';
import type { SignedIn, SignInAttempt } from './service.js';

/** `__Host-` cookies must be Secure, with Path=/ and no Domain. */
export const SESSION_COOKIE_OPTIONS: CookieOptions = { httpOnly: true, sameSite: 'lax', secure: true, path: '/' };

/** A remembered sign-in's cookie outlives the browser; any other ends with it. The browser is known from now on. */
export function setSessionCookie(res: Response, signedIn: SignedIn): void {
  const cookie = SESSION_COOKIE_OPTIONS;
  res.cookie(
    SESSION_COOKIE,
    signedIn.token,
    signedIn.persistentUntil ? { ...cookie, expires: signedIn.persistentUntil } : cookie,
  );
  res.cookie(DEVICE_COOKIE, signedIn.deviceCookie, { ...cookie, maxAge: DEVICE_COOKIE_DAYS * 86_400_000 });
}

/** Who is signing in from where, as a request tells it. */
export function signInAttempt(req: Request): SignInAttempt {
  const device: unknown = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE];
  return {
    address: req.ip ?? 'unknown',
    userAgent: req.get('user-agent') ?? '',
    deviceCookie: typeof device === 'string' && device ? device : undefined,
  };
}
