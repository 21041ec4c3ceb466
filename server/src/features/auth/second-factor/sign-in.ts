import { SECOND_STEP_EXPIRED, WRONG_SECOND_STEP, type SecondStepNeeded, type StaffRole } from '@gather/contracts';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../../platform/errors.js';
import { createRateLimiter, tooManyRequests } from '../../../platform/http/rate-limit.js';
import { hashToken } from '../tokens.js';
import type { CodeCheck } from './code-check.js';
import { authenticationOptions, verifiedAssertion, type RelyingParty } from './passkeys.js';
import type { SecondFactorPolicy } from './policy.js';
import type { SecondFactorRepository } from './repository.js';

/** Long enough to find the phone, short enough that a password alone is soon worth nothing again. */
const PENDING_SIGN_IN_MINUTES = 5;
// Five wrong second steps per account in a quarter of an hour: a million codes cannot be tried.
const WRONG_STEPS = { points: 5, duration: 15 * 60 };

/** What the password step leads to: a second step, or a session (limited to enrolling when one is needed first). */
export type AfterPassword = { second_step: SecondStepNeeded['second_step'] } | { enrolOnly: boolean };

export interface SecondStepDone {
  userId: number;
  remember: boolean;
}

/** The second step of a staff sign-in: a pending sign-in, proved by a code or a passkey, becomes a session. */
export class SecondStepSignIn {
  private readonly wrongSteps;

  constructor(
    private readonly repository: SecondFactorRepository,
    private readonly codes: CodeCheck,
    private readonly policy: SecondFactorPolicy,
    redis: Redis,
    prefix: string,
  ) {
    this.wrongSteps = createRateLimiter(redis, `${prefix}:second-step`, WRONG_STEPS.points, WRONG_STEPS.duration);
  }

  async afterPassword(user: { id: number; roles: StaffRole[] }, remember: boolean): Promise<AfterPassword> {
    const userId = user.id;
    const [authenticator, passkeys, codesLeft] = await Promise.all([
      this.repository.authenticator(userId),
      this.repository.passkeys(userId),
      this.repository.recoveryCodesLeft(userId),
    ]);
    const hasAuthenticator = Boolean(authenticator?.confirmedAt);
    if (!hasAuthenticator && passkeys.length === 0) {
      return { enrolOnly: await this.policy.mustHaveFactor(user.roles) };
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + PENDING_SIGN_IN_MINUTES * 60_000);
    await this.repository.createPending({ tokenHash: hashToken(token), userId, remember, expiresAt });
    const methods: ('authenticator' | 'passkey')[] = [];
    // Recovery codes are typed where an authenticator's code is, so the code box shows when either exists.
    if (hasAuthenticator || codesLeft > 0) methods.push('authenticator');
    if (passkeys.length > 0) methods.push('passkey');
    return { second_step: { token, methods } };
  }

  async withCode(token: string, code: string): Promise<SecondStepDone> {
    const pending = await this.livePending(token);
    await this.takeAttempt(pending.userId);
    if (!(await this.codes.accepts(pending.userId, code))) throw new AppError(401, { detail: WRONG_SECOND_STEP });
    return this.finish(token, pending);
  }

  async passkeyOptions(token: string, rp: RelyingParty) {
    const pending = await this.livePending(token);
    const options = await authenticationOptions(rp, await this.repository.passkeys(pending.userId));
    await this.repository.setPendingChallenge(hashToken(token), options.challenge);
    return options;
  }

  async withPasskey(token: string, response: { id: string }, rp: RelyingParty): Promise<SecondStepDone> {
    const pending = await this.livePending(token);
    await this.takeAttempt(pending.userId);
    const passkey = (await this.repository.passkeys(pending.userId)).find((key) => key.credentialId === response.id);
    const counter =
      passkey && pending.challenge ? await verifiedAssertion(rp, pending.challenge, response, passkey) : undefined;
    if (!passkey || counter === undefined) {
      throw new AppError(401, { detail: 'That passkey was not accepted. Please try again or use a code.' });
    }
    await this.repository.passkeyUsed(passkey.id, counter);
    return this.finish(token, pending);
  }

  private async livePending(token: string) {
    const pending = await this.repository.livePending(hashToken(token));
    if (!pending) throw new AppError(401, { detail: SECOND_STEP_EXPIRED });
    return pending;
  }

  private async finish(token: string, pending: { userId: number; remember: boolean }): Promise<SecondStepDone> {
    // Two right answers sent at once make one session: the pending sign-in is used once.
    if (!(await this.repository.usePending(hashToken(token)))) throw new AppError(401, { detail: SECOND_STEP_EXPIRED });
    await this.wrongSteps.delete(String(pending.userId));
    return { userId: pending.userId, remember: pending.remember };
  }

  private async takeAttempt(userId: number): Promise<void> {
    try {
      await this.wrongSteps.consume(String(userId));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
      throw rejection;
    }
  }
}
