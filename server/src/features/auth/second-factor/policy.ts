import type { SecondFactorRepository } from './repository.js';

/**
 * Who must have a second factor. Every Gather staff account can manage staff accounts, so in production every
 * account must by default; elsewhere only once the church turns on its setting.
 */
export class SecondFactorPolicy {
  constructor(
    private readonly repository: SecondFactorRepository,
    private readonly production: boolean,
  ) {}

  async mustHaveFactor(): Promise<boolean> {
    return this.production || (await this.repository.requiredForAllStaff());
  }
}
