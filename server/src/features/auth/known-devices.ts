import { randomBytes } from 'node:crypto';
import type { LinkSigner } from '../../platform/signed-links.js';

/** The browser a staff member has signed in from before, remembered by a signed cookie (OWASP's "device cookie"). */
export const DEVICE_COOKIE = '__Host-gather_device';
export const DEVICE_COOKIE_DAYS = 365;

/**
 * A known device's wrong passwords count against that device alone, so strangers guessing an account's
 * password lock out only themselves, never its owner at the browser they always use.
 */
export class KnownDevices {
  constructor(private readonly signer: LinkSigner) {}

  /** A new device cookie for this account's browser. */
  issue(username: string): string {
    const id = randomBytes(12).toString('base64url');
    return `${id}.${this.signer.sign(text(id, username))}`;
  }

  /** The device's id when the cookie is one this server gave for this account, else undefined. */
  deviceOf(cookie: string | undefined, username: string): string | undefined {
    const [id, signature, ...rest] = (cookie ?? '').split('.');
    if (!id || !signature || rest.length) return undefined;
    return this.signer.verify(text(id, username), signature) ? id : undefined;
  }
}

const text = (id: string, username: string) => `known-device:${id}:${username.trim().toLowerCase()}`;
