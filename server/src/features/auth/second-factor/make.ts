import type { Redis } from 'ioredis';
import type { AppContext } from '../../../platform/context.js';
import { siteSecret } from '../../../platform/signed-links.js';
import type { AuthRepository } from '../repository.js';
import { CodeCheck } from './code-check.js';
import { SecondFactorPolicy } from './policy.js';
import { SecondFactorRepository } from './repository.js';
import { SecretSealer } from './sealed-secret.js';
import { SecondFactorService } from './service.js';
import { SecondStepSignIn } from './sign-in.js';

/** The second factor's parts, built once per app: the sign-in's second step and the Security page's service. */
export function makeSecondFactor(ctx: AppContext, limitsRedis: Redis, accounts: AuthRepository) {
  const repository = new SecondFactorRepository(ctx.db);
  const sealer = new SecretSealer(siteSecret(ctx.config));
  const codes = new CodeCheck(repository, sealer);
  const policy = new SecondFactorPolicy(repository, ctx.config.NODE_ENV === 'production');
  return {
    signIn: new SecondStepSignIn(repository, codes, policy, limitsRedis, ctx.config.QUEUE_PREFIX),
    service: new SecondFactorService(accounts, repository, sealer, codes, policy, ctx.config.CHURCH_NAME),
  };
}
