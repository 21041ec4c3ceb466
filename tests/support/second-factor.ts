import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './app.js';
import type { Staff } from './staff.js';

/** A staff member's authenticator app as the test's phone: it holds the secret the Security page showed. */
export interface Authenticator {
  secret: string;
  /** The code for a moment: `stepsAhead` 30-second steps after now (a later code is never a replay of an earlier). */
  code(stepsAhead?: number): string;
}

export function authenticatorApp(secret: string): Authenticator {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 });
  return { secret, code: (stepsAhead = 0) => totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 }) };
}

/** Sets up an authenticator app through the Security page, as a signed-in staff member does. */
export async function enrolAuthenticator(app: TestApp, staff: Staff) {
  const setup = await app.call('POST', '/api/admin/second-factor/authenticator/', undefined, staff.headers);
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const phone = authenticatorApp(setup.body.secret as string);
  const confirmed = await app.call(
    'POST',
    '/api/admin/second-factor/authenticator/confirm/',
    { code: phone.code(0) },
    staff.headers,
  );
  if (confirmed.status !== 200)
    throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { phone, recoveryCodes: confirmed.body.recovery_codes as string[] };
}
