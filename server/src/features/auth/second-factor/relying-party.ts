import type { Request } from 'express';
import type { Config } from '../../../platform/config.js';
import { relyingPartyOf, type RelyingParty } from './passkeys.js';

/** Passkeys belong to the site's address, PUBLIC_URL; without one (development) to the address the browser used. */
export function relyingPartyFor(config: Pick<Config, 'PUBLIC_URL' | 'CHURCH_NAME'>, req: Request): RelyingParty {
  const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `${req.protocol}://${req.get('host')}`;
  return relyingPartyOf(origin, config.CHURCH_NAME);
}
