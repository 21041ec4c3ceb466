import { INVALID_CREDENTIALS, type StaffUser } from '@gather/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepository } from './repository.js';
import type { LoginThrottle } from './throttle.js';

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
  ) {}

  async login(
    input: { username: string; password: string; remember: boolean },
    address: string,
    userAgent = '',
  ): Promise<SignedIn> {
    await this.throttle.takeAttempt(input.username, address);
    const user = await this.repository.findUser(input.username);
    const valid = await verifyPassword(user?.passwordHash ?? (await this.decoyHash), input.password);
    // A deactivated account hears what a wrong password hears: the form tells a stranger nothing.
    if (!user || !valid || user.deactivatedAt) throw new AppError(401, { detail: INVALID_CREDENTIALS });
    await this.throttle.succeeded(input.username, address);
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = input.remember ? REMEMBER_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await this.repository.createSession(
      { tokenHash: hashToken(token), userId: user.id, persistent: input.remember, expiresAt },
      { address, userAgent: shortUserAgent(userAgent) },
    );
    return {
      token,
      user: { username: user.username, roles: user.roles },
      persistentUntil: input.remember ? expiresAt : undefined,
    };
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
      ? {
          id: session.tokenHash,
          user: { username: session.username, roles: session.roles },
          expiresAt: session.expiresAt,
        }
      : undefined;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Enough of the browser's name to tell one device from another, without storing whatever a client sends. */
function shortUserAgent(userAgent: string): string {
  return userAgent.replace(/\p{Cc}/gu, '').slice(0, 200);
}
