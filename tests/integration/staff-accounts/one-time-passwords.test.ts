import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFirstStaffAccount } from '@gather/server/features/auth/first-staff-account';
import { adminCommand } from '../../support/admin-command.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { connectLive } from '../../support/live.js';
import { sessionCookie, signInAsStaff } from '../../support/staff.js';

const CHANGE_FIRST = 'Please choose your own password before going on.';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CHURCH_NAME: 'Grace Fellowship' });
});
afterAll(() => app.close());

async function signIn(username: string, password: string) {
  const answer = await app.call('POST', '/api/admin/auth/login', { username, password });
  expect(answer.status).toBe(200);
  return { body: answer.body, headers: { cookie: sessionCookie(answer.headers), origin: app.url } };
}

/** What a session signed in with a one-time password may and may not do, until the password is its own. */
async function expectOnlyPasswordChange(session: { headers: Record<string, string> }, oneTime: string) {
  const me = await app.call('GET', '/api/admin/auth/me', undefined, session.headers);
  expect(me.body).toMatchObject({ must_change_password: true });
  for (const [method, path] of [
    ['GET', '/api/admin/staff-accounts/'],
    ['POST', '/api/admin/staff-accounts/'],
    ['GET', '/api/admin/staff-accounts/1/sign-ins/'],
  ] as const) {
    const body =
      method === 'POST' ? { username: 'someone_new', delivery: 'one-time-password', roles: ['content'] } : undefined;
    const refused = await app.call(method, path, body, session.headers);
    expect(refused.status, `${method} ${path}`).toBe(403);
    expect(refused.body).toEqual({ detail: CHANGE_FIRST });
  }
  const live = connectLive(app, 'staff', { extraHeaders: session.headers });
  await expect(live).rejects.toThrow('unauthorized');

  const same = await app.call(
    'POST',
    '/api/admin/staff-accounts/me/password/',
    { current_password: oneTime, new_password: oneTime },
    session.headers,
  );
  expect(same.body).toEqual({ new_password: ['Choose a new password, not the current one'] });
  const changed = await app.call(
    'POST',
    '/api/admin/staff-accounts/me/password/',
    { current_password: oneTime, new_password: 'still waters run deep' },
    session.headers,
  );
  expect(changed.status).toBe(204);
  expect((await app.call('GET', '/api/admin/auth/me', undefined, session.headers)).body.must_change_password).toBe(
    undefined,
  );
  expect((await app.call('GET', '/api/admin/staff-accounts/', undefined, session.headers)).status).toBe(200);
}

describe('a one-time password', () => {
  it('from the first start must be changed at the first sign-in, before anything else', async () => {
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((text) => printed.push(String(text)) > 0);
    try {
      await ensureFirstStaffAccount(app.ctx);
    } finally {
      write.mockRestore();
    }
    const password = /password: (\S+)/.exec(printed.join(''))![1]!;
    const session = await signIn('admin', password);
    expect(session.body).toEqual({ username: 'admin', roles: ['administrator'], must_change_password: true });
    await expectOnlyPasswordChange(session, password);
  });

  it('from "add staff" must be changed at the first sign-in', async () => {
    const office = await signInAsStaff(app);
    const added = await app.call(
      'POST',
      '/api/admin/staff-accounts/',
      { username: 'new_verger', delivery: 'one-time-password', roles: ['administrator'] },
      office.headers,
    );
    await expectOnlyPasswordChange(
      await signIn('new_verger', added.body.one_time_password),
      added.body.one_time_password,
    );
  });

  it('from `npm run admin` must be changed at the first sign-in; one from ADMIN_PASSWORD need not', async () => {
    const created = await adminCommand(app, ['create', 'churchwarden']);
    expect(created.stdout).toContain('must be changed at the first sign-in');
    const password = /Password: (\S+)/.exec(created.stdout)![1]!;
    await expectOnlyPasswordChange(await signIn('churchwarden', password), password);

    await adminCommand(app, ['create', 'treasurer'], { ADMIN_PASSWORD: 'ledger and quill' });
    expect((await signIn('treasurer', 'ledger and quill')).body).toEqual({
      username: 'treasurer',
      roles: ['administrator'],
    });
  });

  it('is never a common one, nor the name, when ADMIN_PASSWORD chooses it', async () => {
    expect(await adminCommand(app, ['create', 'organist'], { ADMIN_PASSWORD: 'password1234' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('one of the most common'),
    });
    expect(await adminCommand(app, ['create', 'organist'], { ADMIN_PASSWORD: 'organist-at-grace' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('must not contain the username'),
    });
    const start = ensureFirstStaffAccount({
      ...app.ctx,
      config: { ...app.ctx.config, ADMIN_USERNAME: 'sexton', ADMIN_PASSWORD: 'GraceFellowship1' },
    });
    await expect(start).rejects.toThrow("ADMIN_PASSWORD is refused. The password must not contain the church's name.");
  });
});
