import {
  type AddedFactor,
  type AuthenticatorSetup,
  type SecondFactorStatus,
  type StaffRole,
  WRONG_SECOND_STEP,
} from '@gather/contracts';
import QRCode from 'qrcode';
import { AppError } from '../../../platform/errors.js';
import { verifyPassword } from '../passwords.js';
import type { AuthRepository } from '../repository.js';
import type { CodeCheck } from './code-check.js';
import { authenticatorFor, hashRecoveryCode, newAuthenticatorSecret, newRecoveryCodes, stepOfCode } from './codes.js';
import { registrationOptions, verifiedRegistration, type RelyingParty } from './passkeys.js';
import type { SecondFactorPolicy } from './policy.js';
import type { SecondFactorRepository } from './repository.js';
import type { SecretSealer } from './sealed-secret.js';

/** How long a passkey being added may take: the browser's own prompt times out sooner. */
const PASSKEY_CHALLENGE_MINUTES = 10;
const LAST_FACTOR =
  'The church requires two-step sign-in: add another authenticator app or passkey before removing this one.';

export interface IdentityProof {
  password?: string;
  code?: string;
}

/** A staff member's own second factors, set up and removed from the console's Security page. */
export class SecondFactorService {
  constructor(
    private readonly accounts: AuthRepository,
    private readonly repository: SecondFactorRepository,
    private readonly sealer: SecretSealer,
    private readonly codes: CodeCheck,
    private readonly policy: SecondFactorPolicy,
    private readonly siteName: string,
  ) {}

  async status(username: string): Promise<SecondFactorStatus> {
    const user = await this.user(username);
    const [authenticator, passkeys, recoveryCodesLeft, required, requiredForAllStaff] = await Promise.all([
      this.repository.authenticator(user.id),
      this.repository.passkeys(user.id),
      this.repository.recoveryCodesLeft(user.id),
      this.policy.mustHaveFactor(user.roles),
      this.repository.requiredForAllStaff(),
    ]);
    return {
      authenticator: Boolean(authenticator?.confirmedAt),
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        created_at: passkey.createdAt.toISOString(),
        last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      recovery_codes_left: recoveryCodesLeft,
      required,
      required_for_all_staff: requiredForAllStaff,
    };
  }

  /** A new secret, shown once here; it counts only when a first code confirms it. */
  async startAuthenticator(username: string): Promise<AuthenticatorSetup> {
    const user = await this.user(username);
    const secret = newAuthenticatorSecret();
    if (!(await this.repository.startAuthenticator(user.id, this.sealer.seal(secret)))) {
      throw new AppError(409, { detail: 'An authenticator app is already set up. Remove it first to set up another.' });
    }
    const uri = authenticatorFor(secret, user.username, this.siteName).toString();
    return { secret, qr_code_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
  }

  async confirmAuthenticator(username: string, code: string): Promise<AddedFactor> {
    const user = await this.user(username);
    const authenticator = await this.repository.authenticator(user.id);
    if (!authenticator || authenticator.confirmedAt) {
      throw new AppError(409, { detail: 'Start setting up the authenticator app again.' });
    }
    const step = stepOfCode(this.sealer.open(authenticator.secretSealed), code);
    if (step === undefined || !(await this.repository.useStep(user.id, step, true))) {
      throw new AppError(400, { code: [WRONG_SECOND_STEP] });
    }
    return this.factorAdded(user.id);
  }

  async removeAuthenticator(username: string, proof: IdentityProof): Promise<void> {
    const user = await this.provenUser(username, proof);
    await this.refuseRemovingLast(user, 'authenticator');
    await this.repository.removeAuthenticator(user.id);
    await this.forgetCodesWithoutFactor(user.id);
  }

  async newRecoveryCodes(username: string, proof: IdentityProof): Promise<{ recovery_codes: string[] }> {
    const user = await this.provenUser(username, proof);
    if (!(await this.hasFactor(user.id)))
      throw new AppError(409, { detail: 'Set up an authenticator app or a passkey first.' });
    return { recovery_codes: await this.storeRecoveryCodes(user.id) };
  }

  async passkeyOptions(username: string, rp: RelyingParty) {
    const user = await this.user(username);
    const options = await registrationOptions(rp, user.username, await this.repository.passkeys(user.id));
    const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000);
    await this.repository.setPasskeyChallenge(user.id, options.challenge, expiresAt);
    return options;
  }

  async addPasskey(username: string, name: string, response: unknown, rp: RelyingParty) {
    const user = await this.user(username);
    const challenge = await this.repository.passkeyChallenge(user.id);
    const verified = challenge && (await verifiedRegistration(rp, challenge, response));
    if (!verified) throw new AppError(400, { detail: 'The passkey could not be added. Please try again.' });
    const hadFactor = await this.hasFactor(user.id);
    const passkey = await this.repository.addPasskey({ userId: user.id, name, ...verified });
    const added = hadFactor ? {} : await this.factorAdded(user.id);
    return { id: passkey.id, name: passkey.name, ...added };
  }

  async removePasskey(username: string, id: number, proof: IdentityProof): Promise<void> {
    const user = await this.provenUser(username, proof);
    await this.refuseRemovingLast(user, 'passkey');
    if (!(await this.repository.removePasskey(user.id, id))) throw AppError.notFound();
    await this.forgetCodesWithoutFactor(user.id);
  }

  /** With no factor left, old recovery codes go too: the next first factor comes with a fresh set. */
  private async forgetCodesWithoutFactor(userId: number): Promise<void> {
    if (!(await this.hasFactor(userId))) await this.repository.replaceRecoveryCodes(userId, []);
  }

  async setRequiredForAllStaff(required: boolean): Promise<{ required_for_all_staff: boolean }> {
    await this.repository.setRequiredForAllStaff(required);
    return { required_for_all_staff: required };
  }

  /** An administrator's reset for someone who lost their phone: they sign in with the password alone and set up again. */
  async resetFor(staffId: number): Promise<void> {
    if (!(await this.accounts.findUserById(staffId))) throw AppError.notFound();
    await this.repository.removeAll(staffId);
  }

  /** The first factor comes with recovery codes and frees sessions that were limited to enrolling. */
  private async factorAdded(userId: number): Promise<AddedFactor> {
    await this.repository.liftEnrolOnly(userId);
    if ((await this.repository.recoveryCodesLeft(userId)) > 0) return {};
    return { recovery_codes: await this.storeRecoveryCodes(userId) };
  }

  private async storeRecoveryCodes(userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
    return codes;
  }

  private async hasFactor(userId: number): Promise<boolean> {
    const [authenticator, passkeys] = await Promise.all([
      this.repository.authenticator(userId),
      this.repository.passkeys(userId),
    ]);
    return Boolean(authenticator?.confirmedAt) || passkeys.length > 0;
  }

  private async refuseRemovingLast(
    user: { id: number; roles: StaffRole[] },
    removing: 'authenticator' | 'passkey',
  ): Promise<void> {
    if (!(await this.policy.mustHaveFactor(user.roles))) return;
    const [authenticator, passkeys] = await Promise.all([
      this.repository.authenticator(user.id),
      this.repository.passkeys(user.id),
    ]);
    const authenticatorLeft = authenticator?.confirmedAt && removing !== 'authenticator' ? 1 : 0;
    const passkeysLeft = passkeys.length - (removing === 'passkey' ? 1 : 0);
    if (authenticatorLeft + passkeysLeft < 1) throw new AppError(409, { detail: LAST_FACTOR });
  }

  private async user(username: string) {
    const user = await this.accounts.findUser(username);
    if (!user) throw new AppError(401, { detail: 'Please sign in to continue.' });
    return user;
  }

  private async provenUser(username: string, proof: IdentityProof) {
    const user = await this.user(username);
    const proven = proof.password
      ? await verifyPassword(user.passwordHash, proof.password)
      : await this.codes.accepts(user.id, proof.code ?? '');
    if (!proven) throw new AppError(400, { password: ['That password or code is not right'] });
    return user;
  }
}
