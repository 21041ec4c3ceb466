import {
  ENROL_FIRST,
  holdsRole,
  NO_PERMISSION,
  PASSWORD_CHANGE_NEEDED,
  type StaffRole,
  type StaffUser,
} from '@gather/contracts';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { RateLimitName, RateLimits } from './rate-limit.js';

/** `__Host-`: Secure, for this host only and for every path, so no other site or subdomain can plant one. */
export const SESSION_COOKIE = '__Host-gather_session';

/** Who a session cookie's token belongs to: staff sign-in (the auth feature) answers it. */
export interface StaffSessions {
  staffFor(token: string | undefined): Promise<StaffUser | undefined>;
}

/** What endpoints check before their handler runs; made once per app in createApp. */
export interface Guards {
  auth: StaffSessions;
  limits: RateLimits;
}

const guardsOf = (req: Request): Guards => req.app.locals.guards as Guards;

export function sessionToken(req: Request): string | undefined {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  return typeof token === 'string' && token ? token : undefined;
}

/**
 * The staff member signed in on this request with a full session and one of the roles, if any: for a public
 * answer that shows staff more than visitors. A session that cannot be checked (the database away) counts as none,
 * so the visitors' answer is never worse than a refusal.
 */
export async function signedInStaff(
  req: Request,
  roles: readonly StaffRole[] | 'any-staff',
): Promise<StaffUser | undefined> {
  const token = sessionToken(req);
  if (!token) return undefined;
  const staff = await guardsOf(req)
    .auth.staffFor(token)
    .catch(() => undefined);
  if (!staff || staff.must_change_password || staff.must_enrol) return undefined;
  return roles === 'any-staff' || holdsRole(staff.roles, roles) ? staff : undefined;
}

/**
 * A session signed in with a one-time password reaches only `beforePasswordChange` endpoints until it is replaced;
 * then one still to set up a second factor reaches only `whileEnrolling` endpoints.
 */
export async function requireStaff(
  req: Request,
  res: Response,
  options: { beforePasswordChange?: boolean; whileEnrolling?: boolean } = {},
): Promise<StaffUser> {
  const staff = await guardsOf(req).auth.staffFor(sessionToken(req));
  if (!staff) throw new AppError(401, { detail: 'Please sign in to continue.' });
  if (staff.must_change_password) {
    if (!options.beforePasswordChange) throw new AppError(403, { detail: PASSWORD_CHANGE_NEEDED });
  } else if (staff.must_enrol && !options.whileEnrolling) {
    throw new AppError(403, { detail: ENROL_FIRST });
  }
  res.locals.staff = staff;
  return staff;
}

/** 403 unless the staff member holds one of the roles; 'any-staff' lets every signed-in staff member by. */
export function requireRoles(staff: StaffUser, roles: readonly StaffRole[] | 'any-staff'): void {
  if (roles !== 'any-staff' && !holdsRole(staff.roles, roles)) throw new AppError(403, { detail: NO_PERMISSION });
}

export async function rateLimit(req: Request, name: RateLimitName): Promise<void> {
  await guardsOf(req).limits.consume(name, req.ip ?? 'unknown');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing call that carries the staff cookie must come from the site's own pages:
 * a form on another site that posts here is refused, even where a browser would send the cookie.
 */
export function sameOriginForSignedInWrites(config: Pick<Config, 'PUBLIC_URL'>): RequestHandler {
  const configured = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || !sessionToken(req)) return next();
    const origin = req.get('origin') ?? originOf(req.get('referer'));
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin && (origin === own || origin === configured)) return next();
    next(new AppError(403, { detail: 'This request must come from the Gather site itself.' }));
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
