import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
let admin: { username: string; password: string; remember: boolean };
beforeAll(async () => {
  app = await startTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://gatherchurch.org',
    UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
  });
  admin = { username: 'pastor_https', password: 'correct horse battery', remember: false };
  await new StaffPasswords(new AuthRepository(app.ctx.db)).setPassword(admin.username, admin.password);
});
afterAll(() => app.close());

describe('staff sign-in in production', () => {
  it('over plain http says it needs https, instead of a cookie the browser would drop', async () => {
    const answer = await app.call('POST', '/api/admin/auth/login', admin);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^Sign-in needs https/);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('behind the TLS proxy signs in with a Secure cookie', async () => {
    const answer = await app.call('POST', '/api/admin/auth/login', admin, { 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__Host-gather_session='));
    expect(cookie).toMatch(/; Secure/i);
  });

  it('by default limits an account without a second factor to setting one up', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const answer = await app.call('POST', '/api/admin/auth/login', admin, https);
    expect(answer.body).toEqual({ username: admin.username, roles: ['administrator'], must_enrol: true });
    const cookie = answer.headers
      .getSetCookie()
      .find((line) => line.startsWith('__Host-gather_session='))!
      .split(';')[0]!;
    const elsewhere = await app.call('GET', '/api/admin/staff-accounts/', undefined, { ...https, cookie });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.detail).toMatch(/^Set up two-step sign-in first/);
    const security = await app.call('GET', '/api/admin/second-factor/', undefined, { ...https, cookie });
    expect(security.body).toMatchObject({ required: true, required_for_all_staff: false, authenticator: false });
  });

  it('by default asks only administrators for a second factor: they can manage every other account', async () => {
    const editor = { username: 'editor_https', password: 'quiet pews at dawn', remember: false };
    await new StaffPasswords(new AuthRepository(app.ctx.db)).setPassword(editor.username, editor.password);
    await app.ctx.db.execute(sql`update admin_users set roles = '{content}' where username = ${editor.username}`);
    const answer = await app.call('POST', '/api/admin/auth/login', editor, { 'x-forwarded-proto': 'https' });
    expect(answer.body).toEqual({ username: editor.username, roles: ['content'] });
  });
});
