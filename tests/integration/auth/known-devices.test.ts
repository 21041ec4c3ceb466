import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The app trusts X-Forwarded-For from loopback: each caller below is a different address. */
let lastOctet = 0;
const strangerAddress = () => ({ 'x-forwarded-for': `203.0.113.${++lastOctet}` });

async function newAdmin() {
  const username = `admin_${randomBytes(4).toString('hex')}`;
  const password = 'correct horse battery';
  await new StaffPasswords(new AuthRepository(app.ctx.db)).setPassword(username, password);
  return { username, password };
}

const login = (body: { username: string; password: string }, headers: Record<string, string>) =>
  app.call('POST', '/api/admin/auth/login', body, headers);

/** The known-device cookie a successful sign-in leaves in the browser, as the browser sends it back. */
function deviceCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-gather_device='));
  if (!line) throw new Error('no known-device cookie was set');
  return line.split(';')[0]!;
}

describe('wrong passwords from strangers', () => {
  it("lock the strangers out, never the account's owner on the browser they signed in from before", async () => {
    const admin = await newAdmin();
    const home = { 'x-forwarded-for': '198.51.100.10' };
    const first = await login(admin, home);
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().join()).toMatch(/__Host-gather_device=[^;]+; Max-Age=\d+;.*Secure/);
    const device = deviceCookie(first.headers);

    for (let attempt = 0; attempt < 12; attempt += 1) {
      const guess = await login({ username: admin.username, password: `guess-${attempt}` }, strangerAddress());
      expect(guess.status).toBe(attempt < 5 ? 401 : 429);
    }
    // Even the right password, from a browser never signed in from, waits out the quarter of an hour.
    expect((await login(admin, strangerAddress())).status).toBe(429);

    const owner = await login(admin, { ...home, cookie: device });
    expect(owner.status).toBe(200);
    // Signing in again does not give strangers a fresh five attempts.
    expect((await login({ username: admin.username, password: 'guess-again' }, strangerAddress())).status).toBe(429);
  });

  it("count on a known device by themselves: five wrong ones there lock that device, not the owner's others", async () => {
    const admin = await newAdmin();
    const laptop = deviceCookie((await login(admin, strangerAddress())).headers);
    const phone = deviceCookie((await login(admin, strangerAddress())).headers);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await login({ username: admin.username, password: `guess-${attempt}` }, { cookie: laptop });
      expect(guess.status).toBe(401);
    }
    expect((await login(admin, { cookie: laptop })).status).toBe(429);
    expect((await login(admin, { cookie: phone })).status).toBe(200);
  });

  it('does not take a device cookie given for another account, nor a forged one', async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    const othersDevice = deviceCookie((await login(other, strangerAddress())).headers);
    const forged = `__Host-gather_device=${randomBytes(12).toString('base64url')}.${'A'.repeat(43)}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const cookie = attempt % 2 ? othersDevice : forged;
      expect((await login({ username: admin.username, password: `guess-${attempt}` }, { cookie })).status).toBe(401);
    }
    expect((await login(admin, { cookie: othersDevice })).status).toBe(429);
  });
});

describe('the sign-in log', () => {
  it('has one line for each sign-in and each refusal, with the username and address, never the password', async () => {
    const admin = await newAdmin();
    app.ctx.log.level = 'info';
    const before = app.logs.length;
    expect((await login({ ...admin, password: 'not the password' }, { 'x-forwarded-for': '192.0.2.44' })).status).toBe(
      401,
    );
    expect((await login(admin, { 'x-forwarded-for': '192.0.2.45' })).status).toBe(200);
    const lines = app.logs
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.username === admin.username);
    expect(lines).toEqual([
      expect.objectContaining({ outcome: 'wrong-credentials', address: '192.0.2.44', level: 40 }),
      expect.objectContaining({ outcome: 'signed-in', address: '192.0.2.45', level: 30 }),
    ]);
    expect(app.logs.slice(before).join('\n')).not.toMatch(/not the password|correct horse battery/);
  });
});
