import { INVALID_CREDENTIALS, type SecondStepNeeded, type StaffUser } from '@gather/contracts';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepository } from './repository.js';
import type { SecondStepDone, SecondStepSignIn } from './second-factor/sign-in.js';
import type { LoginThrottle } from './throttle.js';
import { hashToken } from './tokens.js';

export const REMEMBER_DAYS = 30;
/** A sign-in without "remember me" still ends server-side after a working day. */
export const BROWSER_SESSION_HOURS = 12;

export interface StaffSession {
  id: string;
  user: StaffUser;
  expiresAt: Date;
}

export interface SignedIn {
  token: string;
  user: StaffUser;
  /** Set for "remember me": the cookie outlives the browser until then. */
  persistentUntil?: Date;
}

export class AuthService {
  // Verifying against a real hash when the username is unknown keeps both answers equally slow.
  private readonly decoyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(
    private readonly repository: AuthRepository,
    private readonly throttle: LoginThrottle,
    private readonly secondStep: SecondStepSignIn,
  ) {}

  async login(
    input: { username: string; password: string; remember: boolean },
    address: string,
    userAgent = '',
  ): Promise<SignedIn | SecondStepNeeded> {
    await this.throttle.takeAttempt(input.username, address);
    const user = await this.repository.findUser(input.username);
    const valid = await verifyPassword(user?.passwordHash ?? (await this.decoyHash), input.password);
    // A deactivated account hears what a wrong password hears: the form tells a stranger nothing.
    if (!user || !valid || user.deactivatedAt) throw new AppError(401, { detail: INVALID_CREDENTIALS });
    await this.throttle.succeeded(input.username, address);
    const next = await this.secondStep.afterPassword(user.id, input.remember);
    if ('secondStep' in next) return next;
    return this.startSession(user, input.remember, { address, userAgent, enrolOnly: next.enrolOnly });
  }

  /** The second step was right: the pending sign-in becomes a session, unless the account was deactivated meanwhile. */
  async finishSecondStep(done: SecondStepDone, address: string, userAgent = ''): Promise<SignedIn> {
    const user = await this.repository.findUserById(done.userId);
    if (!user || user.deactivatedAt) throw new AppError(401, { detail: INVALID_CREDENTIALS });
    return this.startSession(user, done.remember, { address, userAgent, enrolOnly: false });
  }

  private async startSession(
    user: { id: number; username: string },
    remember: boolean,
    from: { address: string; userAgent: string; enrolOnly: boolean },
  ): Promise<SignedIn> {
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = remember ? REMEMBER_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await this.repository.createSession(
      { tokenHash: hashToken(token), userId: user.id, persistent: remember, expiresAt, enrolOnly: from.enrolOnly },
      { address: from.address, userAgent: shortUserAgent(from.userAgent) },
    );
    return { token, user: staffUser(user.username, from.enrolOnly), persistentUntil: remember ? expiresAt : undefined };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.repository.deleteSession(hashToken(token));
  }

  /** The signed-in admin for a cookie token, or undefined when it is missing, unknown, expired or revoked. */
  async staffFor(token: string | undefined): Promise<StaffUser | undefined> {
    return (await this.sessionFor(token))?.user;
  }

  /** The live session of a cookie token; its id is what SESSION_ENDED_CHANNEL announces when it ends. */
  async sessionFor(token: string | undefined): Promise<StaffSession | undefined> {
    if (!token) return undefined;
    const session = await this.repository.findLiveSession(hashToken(token));
    return session
      ? { id: session.tokenHash, user: staffUser(session.username, session.enrolOnly), expiresAt: session.expiresAt }
      : undefined;
  }
}

const staffUser = (username: string, enrolOnly: boolean): StaffUser =>
  enrolOnly ? { username, mustEnrol: true } : { username };

/** Enough of the browser's name to tell one device from another, without storing whatever a client sends. */
function shortUserAgent(userAgent: string): string {
  return userAgent.replace(/\p{Cc}/gu, '').slice(0, 200);
}
