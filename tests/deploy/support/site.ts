import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { caller, type Answer } from '../../support/http.js';
import { authenticatorApp } from '../../support/second-factor.js';
import type { Deployment } from './deployment.js';

/** The address the .env gives visitors: the TLS proxy in front of the published port. */
export const PUBLIC_URL = 'https://gather.example.org';

/**
 * What a TLS proxy in front of the published port adds to every request: the visitor's address and that they came
 * over https. The staff console's own requests also carry the site's Origin.
 */
export const throughProxy = (visitor = '203.0.113.7') => ({
  'x-forwarded-for': visitor,
  'x-forwarded-proto': 'https',
  origin: PUBLIC_URL,
});

export interface Staff {
  call(method: string, route: string, body?: unknown): Promise<Answer>;
}

/**
 * Production asks administrators for a second factor: a deployment's account sets up an authenticator app at its
 * first sign-in, and signs in with one of its recovery codes after that.
 */
const recoveryCodes = new Map<string, string[]>();
/** A printed password is one-time: the account's own password that replaced it, by username and printed password. */
const ownPasswords = new Map<string, string>();

/**
 * Signs in as the TLS proxy passes a staff member's browser on, and calls staff routes with that session. A printed
 * one-time password is replaced at the first sign-in, as the console asks, and its replacement used after that.
 */
export async function signIn(site: string, username: string, printed: string): Promise<Staff> {
  const call = caller(site);
  const password = ownPasswords.get(`${username}\n${printed}`) ?? printed;
  let answer = await call('POST', '/api/admin/auth/login', { username, password }, throughProxy());
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (answer.body.second_step) {
    const code = recoveryCodes.get(username)?.shift();
    const token = answer.body.second_step.token as string;
    answer = await call('POST', '/api/admin/auth/second-step/code/', { token, code }, throughProxy());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const cookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('__Host-gather_session='))!
    .split(';')[0]!;
  const staff: Staff = { call: (method, route, body) => call(method, route, body, { ...throughProxy(), cookie }) };
  if (answer.body.must_change_password) {
    const own = { current_password: password, new_password: `own ${randomBytes(9).toString('base64url')}` };
    const changed = await staff.call('POST', '/api/admin/staff-accounts/me/password/', own);
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    ownPasswords.set(`${username}\n${printed}`, own.new_password);
  }
  // A session can be limited twice over: its one-time password is replaced first, then a second factor set up.
  const me = await staff.call('GET', '/api/admin/auth/me');
  if (me.body.must_enrol) recoveryCodes.set(username, await enrolAuthenticator(staff));
  return staff;
}

async function enrolAuthenticator(staff: Staff): Promise<string[]> {
  const setup = await staff.call('POST', '/api/admin/second-factor/authenticator/');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const code = authenticatorApp(setup.body.secret as string).code(0);
  const confirmed = await staff.call('POST', '/api/admin/second-factor/authenticator/confirm/', { code });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body.recovery_codes as string[];
}

/** The first staff password, as the API printed it once at its first start. */
export async function firstStaffPassword(deployment: Deployment): Promise<string> {
  const printed = await eventually(
    async () => /password: (\S+)/.exec(await deployment.logs('api'))?.[1],
    'the first staff password in `docker compose logs api`',
    60_000,
  );
  return printed;
}

/** A guest's upload through the public upload page's call. */
export async function upload(
  site: string,
  collection: string,
  bytes: Buffer,
  name: string,
  type: string,
  visitor?: string,
): Promise<Answer> {
  const form = new FormData();
  form.append('uploader_name', 'Ruth');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return caller(site)('POST', `/api/photo-collections/public/${collection}/upload/`, form, throughProxy(visitor));
}

export interface StaffUpload {
  id: number;
  status: string;
  file: string | null;
  display: string | null;
  thumbnail: string | null;
  poster: string | null;
  mime_type: string;
  failure_reason: string | null;
}

/** The upload as staff list it. */
export async function uploadOf(staff: Staff, collection: string, id: number): Promise<StaffUpload> {
  const listed = await staff.call('GET', `/api/photo-collections/${collection}/uploads/`);
  expect(listed.status).toBe(200);
  return (listed.body as StaffUpload[]).find((upload) => upload.id === id)!;
}

/** Waits for the worker to finish with an upload, and says how it ended. */
export function processed(staff: Staff, collection: string, id: number, ms = 180_000): Promise<StaffUpload> {
  return eventually(
    async () => {
      const found = await uploadOf(staff, collection, id);
      return found.status !== 'processing' && found;
    },
    `upload ${id} processed`,
    ms,
  );
}

/** A served file's content type and SHA-256. */
export async function served(
  site: string,
  url: string,
): Promise<{ status: number; type: string | null; sha256: string }> {
  const answer = await fetch(site + url);
  const bytes = Buffer.from(await answer.arrayBuffer());
  return {
    status: answer.status,
    type: answer.headers.get('content-type'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
