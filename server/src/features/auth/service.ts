import { INVALID_CREDENTIALS, type StaffRole, type StaffUser } from '@gather/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import type { Logger } from 'pino';
import type { KnownDevices } from './known-devices.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepository } from './repository.js';
import type { LoginThrottle } from './throttle.js';

export const REMEMBER_DAYS = 30;
/** A sign-in without "remember me" still ends server-side after a working day. */
export const BROWSER_SESSION_HOURS = 12;
/** How stale a session's last use may be before a request writes it again: one write a minute, not one a request. */
const LAST_USE_PRECISION_MS = 60_000;

export interface StaffSession {
  id: string;
  user: StaffUser;
  /** When it ends unless used again: its absolute end, or sooner when left idle. */
  expiresAt: Date;
}

export interface SignedIn {
  token: string;
  user: StaffUser;
  /** Set for "remember me": the cookie outlives the browser until then. */
  persistentUntil?: Date;
  /** The known-device cookie this browser keeps from now on. */
  deviceCookie: string;
}

export interface SignInAttempt {
  address: string;
  userAgent?: string;
  /** The browser's known-device cookie, if it sent one. */
  deviceCookie?: string;
}

export class AuthService {
  // Verifying against a real hash when the username is unknown keeps both answers equally slow.
  private readonly decoyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(
    private readonly repository: AuthRepository,
    private readonly throttle: LoginThrottle,
    private readonly devices: KnownDevices,
    private readonly options: { idleMinutes: number; log: Logger },
  ) {}

  async login(
    input: { username: string; password: string; remember: boolean },
    attempt: SignInAttempt,
  ): Promise<SignedIn> {
    const source = { address: attempt.address, device: this.devices.deviceOf(attempt.deviceCookie, input.username) };
    const log = { username: input.username, address: attempt.address, knownDevice: Boolean(source.device) };
    try {
      await this.throttle.takeAttempt(input.username, source);
    } catch (refusal) {
      this.options.log.warn({ ...log, outcome: 'throttled' }, 'staff sign-in refused');
      throw refusal;
    }
    const user = await this.repository.findUser(input.username);
    const valid = await verifyPassword(user?.passwordHash ?? (await this.decoyHash), input.password);
    // A deactivated account hears what a wrong password hears: the form tells a stranger nothing.
    if (!user || !valid || user.deactivatedAt) {
      this.options.log.warn({ ...log, outcome: 'wrong-credentials' }, 'staff sign-in refused');
      throw new AppError(401, { detail: INVALID_CREDENTIALS });
    }
    await this.throttle.succeeded(input.username, source);
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = input.remember ? REMEMBER_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await this.repository.createSession(
      { tokenHash: hashToken(token), userId: user.id, persistent: input.remember, expiresAt },
      { address: attempt.address, userAgent: shortUserAgent(attempt.userAgent ?? '') },
    );
    this.options.log.info({ ...log, username: user.username, outcome: 'signed-in' }, 'staff signed in');
    return {
      token,
      user: staffUser(user.username, user.roles, user.mustChangePassword),
      persistentUntil: input.remember ? expiresAt : undefined,
      deviceCookie: source.device ? attempt.deviceCookie! : this.devices.issue(user.username),
    };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.repository.deleteSession(hashToken(token));
  }

  /** The signed-in admin for a cookie token, or undefined when it is missing, unknown, expired, idle or revoked. */
  async staffFor(token: string | undefined): Promise<StaffUser | undefined> {
    return (await this.sessionFor(token, { use: true }))?.user;
  }

  /**
   * The live session of a cookie token; its id is what SESSION_ENDED_CHANNEL announces when it ends.
   * `use` counts this as the staff member using the console (a request does; a live connection's check does not).
   */
  async sessionFor(token: string | undefined, options: { use: boolean }): Promise<StaffSession | undefined> {
    if (!token) return undefined;
    const idleMs = this.options.idleMinutes * 60_000;
    const now = Date.now();
    const session = await this.repository.findLiveSession(hashToken(token), new Date(now - idleMs));
    if (!session) return undefined;
    let lastSeen = session.lastSeenAt.getTime();
    if (options.use && now - lastSeen > LAST_USE_PRECISION_MS) {
      await this.repository.markSessionUsed(session.tokenHash);
      lastSeen = now;
    }
    return {
      id: session.tokenHash,
      user: staffUser(session.username, session.roles, session.mustChangePassword),
      expiresAt: new Date(Math.min(session.expiresAt.getTime(), lastSeen + idleMs)),
    };
  }
}

const staffUser = (username: string, roles: StaffRole[], mustChangePassword: boolean): StaffUser =>
  mustChangePassword ? { username, roles, must_change_password: true } : { username, roles };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Enough of the browser's name to tell one device from another, without storing whatever a client sends. */
function shortUserAgent(userAgent: string): string {
  return userAgent.replace(/\p{Cc}/gu, '').slice(0, 200);
}
