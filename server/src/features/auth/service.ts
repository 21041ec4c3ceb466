import { INVALID_CREDENTIALS, type SecondStepNeeded, type StaffRole, type StaffUser } from '@gather/contracts';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import type { Logger } from 'pino';
import type { KnownDevices } from './known-devices.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepository } from './repository.js';
import type { SecondStepDone, SecondStepSignIn } from './second-factor/sign-in.js';
import type { LoginThrottle } from './throttle.js';
import { hashToken } from './tokens.js';

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
    private readonly secondStep: SecondStepSignIn,
    private readonly options: { idleMinutes: number; log: Logger },
  ) {}

  async login(
    input: { username: string; password: string; remember: boolean },
    attempt: SignInAttempt,
  ): Promise<SignedIn | SecondStepNeeded> {
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
    const next = await this.secondStep.afterPassword(user, input.remember);
    if ('second_step' in next) {
      this.options.log.info({ ...log, outcome: 'second-step-asked' }, 'staff sign-in asks for a second step');
      return next;
    }
    this.options.log.info({ ...log, outcome: 'signed-in' }, 'staff signed in');
    const deviceCookie = source.device ? attempt.deviceCookie! : this.devices.issue(user.username);
    return this.startSession(user, input.remember, { ...attempt, enrolOnly: next.enrolOnly, deviceCookie });
  }

  /** The second step was right: the pending sign-in becomes a session, unless the account was deactivated meanwhile. */
  async finishSecondStep(done: SecondStepDone, attempt: SignInAttempt): Promise<SignedIn> {
    const user = await this.repository.findUserById(done.userId);
    const log = { username: user?.username, address: attempt.address };
    if (!user || user.deactivatedAt) {
      this.options.log.warn({ ...log, outcome: 'deactivated' }, 'staff sign-in refused');
      throw new AppError(401, { detail: INVALID_CREDENTIALS });
    }
    this.options.log.info({ ...log, outcome: 'signed-in' }, 'staff signed in');
    const deviceCookie = this.devices.deviceOf(attempt.deviceCookie, user.username)
      ? attempt.deviceCookie!
      : this.devices.issue(user.username);
    return this.startSession(user, done.remember, { ...attempt, enrolOnly: false, deviceCookie });
  }

  private async startSession(
    user: { id: number; username: string; roles: StaffRole[]; mustChangePassword: boolean },
    remember: boolean,
    from: SignInAttempt & { enrolOnly: boolean; deviceCookie: string },
  ): Promise<SignedIn> {
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = remember ? REMEMBER_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await this.repository.createSession(
      { tokenHash: hashToken(token), userId: user.id, persistent: remember, expiresAt, enrolOnly: from.enrolOnly },
      { address: from.address, userAgent: shortUserAgent(from.userAgent ?? '') },
    );
    return {
      token,
      user: staffUser(user.username, user.roles, {
        mustChangePassword: user.mustChangePassword,
        enrolOnly: from.enrolOnly,
      }),
      persistentUntil: remember ? expiresAt : undefined,
      deviceCookie: from.deviceCookie,
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
      user: staffUser(session.username, session.roles, session),
      expiresAt: new Date(Math.min(session.expiresAt.getTime(), lastSeen + idleMs)),
    };
  }
}

/**
 * A one-time password is replaced first, then a missing second factor is set up: until both are done the
 * session reaches only what does them.
 */
function staffUser(
  username: string,
  roles: StaffRole[],
  limits: { mustChangePassword: boolean; enrolOnly: boolean },
): StaffUser {
  if (limits.mustChangePassword) return { username, roles, must_change_password: true };
  if (limits.enrolOnly) return { username, roles, must_enrol: true };
  return { username, roles };
}

/** Enough of the browser's name to tell one device from another, without storing whatever a client sends. */
function shortUserAgent(userAgent: string): string {
  return userAgent.replace(/\p{Cc}/gu, '').slice(0, 200);
}
