import type { StaffRole } from '@gather/contracts';
import type { SecondFactorRepository } from './repository.js';

/**
 * Who must have a second factor: every account once the church turns on its setting, and in production an
 * administrator by default, since an administrator can manage every other account.
 */
export class SecondFactorPolicy {
  constructor(
    private readonly repository: SecondFactorRepository,
    private readonly production: boolean,
  ) {}

  async mustHaveFactor(roles: readonly StaffRole[]): Promise<boolean> {
    if (this.production && roles.includes('administrator')) return true;
    return this.repository.requiredForAllStaff();
  }
}
