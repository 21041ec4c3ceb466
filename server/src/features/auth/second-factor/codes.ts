import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const RECOVERY_CODE_COUNT = 10;
/** RFC 6238's default period; one step either side allows for a phone's clock being a little off. */
const PERIOD_SECONDS = 30;
const WINDOW = 1;

export function newAuthenticatorSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function authenticatorFor(secret: string, account: string, issuer: string): TOTP {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS, digits: 6 });
}

/** The time step a code belongs to, or undefined when it matches none within the window. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = authenticatorFor(secret, '', '').validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

// No 0/o or 1/l/i: a code is read off paper and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (about 49 bits each), written as two groups of five. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Spaces, dashes and capitals do not matter when a code is typed back. */
export function hashRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`recovery:${plain}`).digest('hex');
}
