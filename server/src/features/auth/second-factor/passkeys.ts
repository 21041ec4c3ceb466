import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { NewPasskey } from './repository.js';

/** Where passkeys are made and used: the site's address (PUBLIC_URL), whose host name is the relying party id. */
export interface RelyingParty {
  origin: string;
  id: string;
  name: string;
}

export function relyingPartyOf(siteOrigin: string, name: string): RelyingParty {
  return { origin: siteOrigin, id: new URL(siteOrigin).hostname, name };
}

interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

const transportsOf = (passkey: StoredPasskey) => passkey.transports as AuthenticatorTransport[];

export function registrationOptions(rp: RelyingParty, username: string, existing: StoredPasskey[]) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: username,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new passkey's public part, or undefined when the browser's answer does not check out. */
export async function verifiedRegistration(
  rp: RelyingParty,
  challenge: string,
  response: unknown,
): Promise<Omit<NewPasskey, 'userId' | 'name'> | undefined> {
  try {
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified.verified) return undefined;
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

export function authenticationOptions(rp: RelyingParty, passkeys: StoredPasskey[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
    userVerification: 'preferred',
  });
}

/** The passkey's new signature counter when the assertion is good, else undefined. */
export async function verifiedAssertion(
  rp: RelyingParty,
  challenge: string,
  response: unknown,
  passkey: StoredPasskey,
): Promise<number | undefined> {
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
    return verified.verified ? verified.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
