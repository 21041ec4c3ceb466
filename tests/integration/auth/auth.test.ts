import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import { startTestApp, type TestApp } from '../../support/app.js';
import { sessionCookie, signInAsStaff } from '../../support/staff.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const INVALID = 'Invalid credentials. Please check your username and password.';

/** The app trusts X-Forwarded-For from loopback: a test given an address of its own has its own address budget. */
let lastOctet = Math.floor(Math.random() * 200);
const callerAddress = () => `198.51.100.${++lastOctet}`;

async function newAdmin() {
  const username = `pastor_${randomBytes(4).toString('hex')}`;
  const password = 'correct horse battery';
  await new StaffPasswords(new AuthRepository(app.ctx.db)).setPassword(username, password);
  return { username, password };
}

describe('staff sign-in', () => {
  it('signs in with the right pair, with an httpOnly SameSite=Lax browser-session cookie', async () => {
    const admin = await newAdmin();
    const answer = await app.call('POST', '/api/admin/auth/login', { ...admin, remember: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ username: admin.username, roles: ['administrator'] });
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__Host-gather_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Expires=|Max-Age=/i);
    expect(answer.body).not.toHaveProperty('password');

    const me = await app.call('GET', '/api/admin/auth/me', undefined, { cookie: sessionCookie(answer.headers) });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ username: admin.username, roles: ['administrator'] });
  });

  it('keeps a remembered sign-in for 30 days', async () => {
    const admin = await newAdmin();
    const answer = await app.call('POST', '/api/admin/auth/login', { ...admin, remember: true });
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__Host-gather_session='))!;
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const admin = await newAdmin();
    const wrong = await app.call('POST', '/api/admin/auth/login', {
      username: admin.username,
      password: 'not the one',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: INVALID });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const unknown = await app.call('POST', '/api/admin/auth/login', { username: 'nobody_here', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ detail: INVALID });
  });

  it('checks the form on the server with the sign-in page messages', async () => {
    const answer = await app.call('POST', '/api/admin/auth/login', { username: 'ab', password: '123' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 6 characters'],
    });
    const empty = await app.call('POST', '/api/admin/auth/login', {});
    expect(empty.body).toEqual({ username: ['Username is required'], password: ['Password is required'] });
  });

  it('throttles repeated failures for one username with 429 and Retry-After, even for the right password', async () => {
    const admin = await newAdmin();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await app.call('POST', '/api/admin/auth/login', {
        username: admin.username,
        password: 'guess-' + attempt,
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await app.call('POST', '/api/admin/auth/login', admin);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.detail).toMatch(/Too many requests/);
  });

  it('checks at most five of 50 wrong passwords sent at once for one name; the rest answer 429', async () => {
    const admin = await newAdmin();
    const headers = { 'x-forwarded-for': callerAddress() };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, attempt) =>
        app.call('POST', '/api/admin/auth/login', { username: admin.username, password: `guess-${attempt}` }, headers),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect((await app.call('POST', '/api/admin/auth/login', admin, headers)).status).toBe(429);
  });

  it('does not count a right password as an attempt', async () => {
    const admin = await newAdmin();
    const headers = { 'x-forwarded-for': callerAddress() };
    const login = (password: string) =>
      app.call('POST', '/api/admin/auth/login', { username: admin.username, password }, headers);
    for (let signIn = 0; signIn < 8; signIn += 1) expect((await login(admin.password)).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(`guess-${attempt}`)).status).toBe(401);
    expect((await login(admin.password)).status).toBe(429);
  });

  it('ends the session on the server at logout: the old cookie no longer works', async () => {
    const staff = await signInAsStaff(app);
    const logout = await app.call('POST', '/api/admin/auth/logout', undefined, staff.headers);
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join()).toMatch(/__Host-gather_session=;/);
    const me = await app.call('GET', '/api/admin/auth/me', undefined, staff.headers);
    expect(me.status).toBe(401);
  });

  it('signs an admin out everywhere when the password changes', async () => {
    const staff = await signInAsStaff(app);
    expect((await app.call('GET', '/api/admin/auth/me', undefined, staff.headers)).status).toBe(200);
    await new StaffPasswords(new AuthRepository(app.ctx.db)).setPassword(staff.username, 'a brand new password');
    expect((await app.call('GET', '/api/admin/auth/me', undefined, staff.headers)).status).toBe(401);
  });

  it('answers 401 to a made-up cookie', async () => {
    const me = await app.call('GET', '/api/admin/auth/me', undefined, { cookie: '__Host-gather_session=made-up' });
    expect(me.status).toBe(401);
  });
});

/** Writes that visitors make on purpose; every other write must need a session. */
const VISITOR_WRITES = new Set([
  'POST /api/admin/auth/login',
  'POST /api/admin/auth/logout',
  // The pending sign-in's token is the caller's only credential: a second step gives the session.
  'POST /api/admin/auth/second-step/code/',
  'POST /api/admin/auth/second-step/passkey-options/',
  'POST /api/admin/auth/second-step/passkey/',
  // The e-mailed link is the caller's only credential: it is checked in the service, once.
  'POST /api/admin/staff-accounts/set-password/',
  'POST /api/newsletter/subscribe/',
  'POST /api/newsletter/confirm/',
  'POST /api/newsletter/unsubscribe/',
  'POST /api/give/',
  'POST /api/connect/',
  'POST /api/contact/',
  'POST /api/building-fund/',
  // The signed link in every pledge reminder (one-click, like the newsletter's unsubscribe).
  'POST /api/building-fund/reminders/off/',
  'POST /api/qna/public/sessions/:id/submit/',
  'POST /api/qna/public/sessions/:id/questions/:questionId/vote/',
  'DELETE /api/qna/public/sessions/:id/questions/:questionId/vote/',
  'POST /api/qna/public/polls/:id/answer/',
  'POST /api/photo-collections/public/:id/upload/',
  'POST /api/uploads/resumable/',
  'PATCH /api/uploads/resumable/:id',
  // Event sign-ups: the form (as a call, and as a plain form post before the page's script loads), and the
  // signed link in the confirmation, which is the caller's only credential (like the pledge reminder's).
  'POST /api/events/:id/register/',
  'POST /api/events/:id/register/form/',
  'POST /api/registrations/manage/',
  // A prayer request, and "I prayed" on the wall (once per device).
  'POST /api/prayer-requests/',
  'POST /api/prayer-requests/:id/prayed/',
  // The signed link in a sender's "N people prayed" mail (one-click, like the pledge reminder's).
  'POST /api/prayer-requests/updates/off/',
]);

const withSampleIds = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) => (name === 'id' ? '1' : '00000000-0000-4000-8000-000000000000'));

describe('the route table', () => {
  it('opens no write and no /api/admin/ route to visitors except the listed visitor calls', () => {
    const open = app.endpoints
      .filter((endpoint) => endpoint.access === 'public')
      .filter((endpoint) => endpoint.method !== 'get' || endpoint.path.startsWith('/api/admin/'))
      .map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`);
    expect(open.filter((route) => !VISITOR_WRITES.has(route))).toEqual([]);
  });

  it('answers 401 without a session on every staff route', async () => {
    const staffRoutes = app.endpoints.filter((endpoint) => endpoint.access === 'staff');
    expect(staffRoutes.length).toBeGreaterThan(0);
    for (const endpoint of staffRoutes) {
      const body = endpoint.method === 'get' ? undefined : {};
      const answer = await app.call(endpoint.method.toUpperCase(), withSampleIds(endpoint.path), body);
      expect({ route: `${endpoint.method} ${endpoint.path}`, status: answer.status }).toEqual({
        route: `${endpoint.method} ${endpoint.path}`,
        status: 401,
      });
    }
  });

  it('answers 403 to a signed-in write that comes from another site', async () => {
    const staff = await signInAsStaff(app);
    const writes = app.endpoints.filter((endpoint) => endpoint.method !== 'get');
    for (const endpoint of writes) {
      const answer = await app.call(
        endpoint.method.toUpperCase(),
        withSampleIds(endpoint.path),
        {},
        {
          cookie: staff.headers.cookie!,
          origin: 'https://evil.example',
        },
      );
      expect({ route: `${endpoint.method} ${endpoint.path}`, status: answer.status }).toEqual({
        route: `${endpoint.method} ${endpoint.path}`,
        status: 403,
      });
    }
    const noOrigin = await app.call('POST', '/api/admin/auth/logout', undefined, { cookie: staff.headers.cookie! });
    expect(noOrigin.status).toBe(403);
  });
});
