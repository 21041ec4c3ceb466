import { randomBytes } from 'node:crypto';
import { NO_PERMISSION } from '@gather/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import { connectLive, type StaffSocket } from '../../support/live.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { sessionCookie, signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let office: Staff;

beforeAll(async () => {
  app = await startTestApp();
  office = await signInAsStaff(app);
});
afterAll(() => app?.close());

const BASE = '/api/admin/staff-accounts';
const LAST_ADMINISTRATOR = 'This is the last active administrator: make another account an administrator first.';
let serial = 0;

async function add(roles: unknown) {
  const username = `helper_${++serial}_${Date.now().toString(36)}`;
  return app.call('POST', `${BASE}/`, { username, delivery: 'one-time-password', roles }, office.headers);
}

/** Signs in with the one-time password an add gives, and replaces it as the console asks first. */
async function signIn(username: string, oneTimePassword: string) {
  const answer = await app.call('POST', '/api/admin/auth/login', { username, password: oneTimePassword });
  expect(answer.status).toBe(200);
  const headers = { cookie: sessionCookie(answer.headers), origin: app.url };
  const own = { current_password: oneTimePassword, new_password: `own ${randomBytes(9).toString('base64url')}` };
  expect((await app.call('POST', `${BASE}/me/password/`, own, headers)).status).toBe(204);
  return headers;
}

describe('staff roles on staff accounts', () => {
  it('adds an account with the roles chosen, and lists every account with its roles', async () => {
    const added = await add(['finance', 'content']);
    expect(added.status).toBe(201);
    // Kept in the order the console lists them, whatever order they were sent in.
    expect(added.body.account.roles).toEqual(['content', 'finance']);

    const list = await app.call('GET', `${BASE}/`, undefined, office.headers);
    const listed = list.body.find((account: { id: number }) => account.id === added.body.account.id);
    expect(listed.roles).toEqual(['content', 'finance']);
    expect(list.body.find((account: { is_you: boolean }) => account.is_you).roles).toEqual(['administrator']);
  });

  it('asks for at least one role it knows', async () => {
    expect((await add([])).body).toEqual({ roles: ['Choose at least one role'] });
    expect((await add(undefined)).body).toEqual({ roles: ['Choose at least one role'] });
    const unknown = await add(['bishop']);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ 'roles.0': ['Choose from administrator, content, live, mail, finance, pastoral'] });
  });

  it('changes roles at once for the signed-in account, and logs the change with before and after', async () => {
    const added = await add(['content']);
    const helper = await signIn(added.body.account.username, added.body.one_time_password);
    expect((await app.call('GET', '/api/admin/contact-submissions/', undefined, helper)).status).toBe(403);

    const id = added.body.account.id as number;
    const edited = await app.call('PATCH', `${BASE}/${id}/`, { roles: ['pastoral'] }, office.headers);
    expect(edited.status).toBe(200);
    expect(edited.body.roles).toEqual(['pastoral']);
    expect((await app.call('GET', '/api/admin/contact-submissions/', undefined, helper)).status).toBe(200);
    expect((await app.call('GET', '/api/events/', undefined, helper)).status).toBe(200);
    expect((await app.call('POST', '/api/events/', {}, helper)).body.detail).toBe(
      'You do not have permission to do this.',
    );

    const log = await app.call('GET', '/api/admin/activity/', undefined, office.headers);
    const entry = log.body.results.find((row: { path: string }) => row.path === `${BASE}/${id}/`);
    expect(entry).toMatchObject({
      staff: office.username,
      action: 'edit',
      subject: 'staff account',
      subject_id: String(id),
      before: { roles: ['content'] },
      after: { roles: ['pastoral'] },
    });
  });

  it('closes the live connection of an account whose roles change; joined again, it follows only what it may', async () => {
    const added = await add(['live']);
    const helper = await signIn(added.body.account.username, added.body.one_time_password);
    const live = await connectLive<StaffSocket>(app, 'staff', { extraHeaders: helper });
    expect(await live.socket.emitWithAck('jobs:join')).toEqual({ ok: true });
    const closed = new Promise<string>((resolve) => live.socket.once('disconnect', resolve));

    const edited = await app.call('PATCH', `${BASE}/${added.body.account.id}/`, { roles: ['content'] }, office.headers);
    expect(edited.status).toBe(200);
    expect(await closed).toBe('io server disconnect');

    const again = await connectLive<StaffSocket>(app, 'staff', { extraHeaders: helper });
    expect(await again.socket.emitWithAck('jobs:join')).toEqual({ ok: false, error: NO_PERMISSION });
    expect(await again.socket.emitWithAck('attention:join')).toEqual({ ok: true });
    again.close();
  });

  it('lets only an administrator change roles', async () => {
    const added = await add(['content']);
    const helper = await signIn(added.body.account.username, added.body.one_time_password);
    const own = await app.call('PATCH', `${BASE}/${added.body.account.id}/`, { roles: ['administrator'] }, helper);
    expect(own.status).toBe(403);
  });

  it('never leaves the church without an active administrator', async () => {
    const list = await app.call('GET', `${BASE}/`, undefined, office.headers);
    const mine = list.body.find((account: { is_you: boolean }) => account.is_you);
    const demoted = await app.call('PATCH', `${BASE}/${mine.id}/`, { roles: ['content'] }, office.headers);
    expect(demoted.status).toBe(400);
    expect(demoted.body).toEqual({ roles: [LAST_ADMINISTRATOR] });

    // With another administrator, one may step down: at once it can no longer manage accounts.
    const second = await add(['administrator']);
    expect(second.status).toBe(201);
    const stepped = await app.call('PATCH', `${BASE}/${mine.id}/`, { roles: ['mail'] }, office.headers);
    expect(stepped.body.roles).toEqual(['mail']);
    expect((await app.call('GET', `${BASE}/`, undefined, office.headers)).status).toBe(403);

    // `npm run admin -- reset-password` is the way back in: it makes the account an administrator again.
    await new StaffPasswords(new AuthRepository(app.ctx.db)).setPassword(office.username, 'a-new-password-1', {
      oneTime: true,
    });
    const again = await signIn(office.username, 'a-new-password-1');
    expect((await app.call('GET', '/api/admin/auth/me', undefined, again)).body.roles).toEqual([
      'administrator',
      'mail',
    ]);
  });
});
