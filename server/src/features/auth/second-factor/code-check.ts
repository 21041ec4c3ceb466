import { hashRecoveryCode, stepOfCode } from './codes.js';
import type { SecondFactorRepository } from './repository.js';
import type { SecretSealer } from './sealed-secret.js';

/** Checks a typed code: one from the confirmed authenticator app (each accepted once), or an unused recovery code. */
export class CodeCheck {
  constructor(
    private readonly repository: SecondFactorRepository,
    private readonly sealer: SecretSealer,
  ) {}

  async accepts(userId: number, typed: string): Promise<boolean> {
    const code = typed.replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      const authenticator = await this.repository.authenticator(userId);
      if (!authenticator?.confirmedAt) return false;
      const step = stepOfCode(this.sealer.open(authenticator.secretSealed), code);
      return step !== undefined && (await this.repository.useStep(userId, step, false));
    }
    return this.repository.useRecoveryCode(userId, hashRecoveryCode(code));
  }
}
