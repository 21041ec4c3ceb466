import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPasswordLinks } from '@gather/server/platform/database/schema/staff';
import type { TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { connectLive, type StaffSocket } from '../../support/live.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { sessionCookie, signInAsStaff, type Staff } from '../../support/staff.js';
import type { TestSmtpServer } from '../../support/test-smtp.js';

let mailing: MailingApp;
let app: TestApp;
let smtp: TestSmtpServer;
let office: Staff;

beforeAll(async () => {
  mailing = await startMailingApp({ PUBLIC_URL: 'https://www.gatherchurch.example', CHURCH_NAME: 'Gather Church' });
  ({ app, smtp } = mailing);
  office = await signInAsStaff(app);
});
afterAll(() => mailing?.close());

const BASE = '/api/admin/staff-accounts';
const LINK_INVALID = 'This link has expired or has already been used. Ask a staff member for a new one.';
let serial = 0;
const newName = () => `volunteer_${++serial}_${Date.now().toString(36)}`;

async function signIn(username: string, password: string, headers: Record<string, string> = {}) {
  const answer = await app.call('POST', '/api/admin/auth/login', { username, password }, headers);
  return { status: answer.status, headers: answer.status === 200 ? sessionHeaders(answer.headers) : undefined };
}

const sessionHeaders = (headers: Headers) => ({ cookie: sessionCookie(headers), origin: app.url });

/** An added account, signed in with its one-time password, which it then replaces as the console asks. */
async function addWithPassword(username = newName()) {
  const body = { username, delivery: 'one-time-password', roles: ['administrator'] };
  const added = await app.call('POST', `${BASE}/`, body, office.headers);
  expect(added.status).toBe(201);
  const session = await signIn(username, added.body.one_time_password);
  const password = `own ${randomBytes(9).toString('base64url')}`;
  const changed = await app.call(
    'POST',
    `${BASE}/me/password/`,
    { current_password: added.body.one_time_password, new_password: password },
    session.headers,
  );
  expect(changed.status).toBe(204);
  return { id: added.body.account.id as number, username, password, session };
}

const me = (headers: Record<string, string> | undefined) => app.call('GET', '/api/admin/auth/me', undefined, headers);

/** The link's token, read from the mail the worker really sent. */
/** An account added to set its own password by an e-mailed link. */
async function addWithLink() {
  const username = newName();
  const address = `${username}@example.org`;
  const body = { username, email: address, delivery: 'email-link', roles: ['content'] };
  const added = await app.call('POST', `${BASE}/`, body, office.headers);
  return { username, address, added };
}

async function linkMailedTo(address: string, after = 0) {
  const mail = await eventually(async () => smtp.to(address)[after], `set-password mail ${after + 1} to ${address}`);
  expect(mail.subject).toBe('Set your password for the Gather Church website');
  const url = /https:\/\/www\.gatherchurch\.example\/admin\/set-password\?token=([\w.%-]+)/.exec(mail.text);
  expect(url).not.toBeNull();
  return decodeURIComponent(url![1]!);
}

describe('staff accounts', () => {
  it('refuses every call without a session', async () => {
    expect((await app.call('GET', `${BASE}/`)).status).toBe(401);
    const add = await app.call(
      'POST',
      `${BASE}/`,
      { username: newName(), delivery: 'one-time-password', roles: ['content'] },
      {
        origin: app.url,
      },
    );
    expect(add.status).toBe(401);
    expect((await app.call('GET', `${BASE}/1/sign-ins/`)).status).toBe(401);
  });

  it('adds an account with a one-time password that signs in, shown in the answer and nowhere else', async () => {
    const username = newName();
    const added = await app.call(
      'POST',
      `${BASE}/`,
      { username, delivery: 'one-time-password', roles: ['content'] },
      office.headers,
    );
    expect(added.status).toBe(201);
    expect(added.body.one_time_password).toMatch(/^[\w-]{20}$/);
    expect(added.body.account).toMatchObject({ username, active: true, is_you: false, last_signed_in_at: null });

    const session = await signIn(username, added.body.one_time_password);
    expect(session.status).toBe(200);
    expect((await me(session.headers)).body).toEqual({ username, roles: ['content'], must_change_password: true });

    const list = await app.call('GET', `${BASE}/`, undefined, office.headers);
    const listed = list.body.find((account: { username: string }) => account.username === username);
    expect(listed.last_signed_in_at).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(added.body.one_time_password);
    expect(JSON.stringify(list.body)).not.toMatch(/argon|passwordHash/i);
    expect(list.body.find((account: { is_you: boolean }) => account.is_you).username).toBe(office.username);
  });

  it('answers a taken username and a bad e-mail field by field', async () => {
    const taken = await app.call(
      'POST',
      `${BASE}/`,
      { username: office.username.toUpperCase(), delivery: 'one-time-password', roles: ['content'] },
      office.headers,
    );
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ username: ['This username is already taken'] });

    const noAddress = await app.call(
      'POST',
      `${BASE}/`,
      { username: newName(), delivery: 'email-link', roles: ['content'] },
      office.headers,
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.email).toEqual(['An email address is needed to send a link']);
  });

  it('mails a set-password link that works once and never again', async () => {
    const { username, address, added } = await addWithLink();
    expect(added.status).toBe(201);
    expect(added.body.one_time_password).toBeUndefined();
    expect(added.body.emailed_to).toBe(address);

    const token = await linkMailedTo(address);
    const set = await app.call('POST', `${BASE}/set-password/`, { token, password: 'psalm twenty three' });
    expect(set.status).toBe(204);
    expect((await signIn(username, 'psalm twenty three')).status).toBe(200);

    const again = await app.call('POST', `${BASE}/set-password/`, { token, password: 'someone else entirely' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: [LINK_INVALID] });
    expect((await signIn(username, 'someone else entirely')).status).toBe(401);

    const forged = await app.call('POST', `${BASE}/set-password/`, {
      token: `${token.split('.')[0]}.${'A'.repeat(43)}`,
      password: 'someone else entirely',
    });
    expect(forged.status).toBe(400);
  });

  it('refuses an expired link, and a reset by link replaces the earlier one', async () => {
    const { address, added } = await addWithLink();
    const first = await linkMailedTo(address);
    const reset = await app.call(
      'POST',
      `${BASE}/${added.body.account.id}/reset-password/`,
      { delivery: 'email-link' },
      office.headers,
    );
    expect(reset.status).toBe(200);
    const second = await linkMailedTo(address, 1);
    expect(second).not.toBe(first);
    const stale = await app.call('POST', `${BASE}/set-password/`, { token: first, password: 'an old link here' });
    expect(stale.body).toEqual({ token: [LINK_INVALID] });

    await app.ctx.db
      .update(staffPasswordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffPasswordLinks.userId, added.body.account.id));
    const expired = await app.call('POST', `${BASE}/set-password/`, { token: second, password: 'too late for this' });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ token: [LINK_INVALID] });
  });

  it('resets a password with a new one-time password: the old one and its sessions stop working', async () => {
    const account = await addWithPassword();
    const reset = await app.call(
      'POST',
      `${BASE}/${account.id}/reset-password/`,
      { delivery: 'one-time-password' },
      office.headers,
    );
    expect(reset.status).toBe(200);
    expect(reset.body.one_time_password).not.toBe(account.password);
    expect((await me(account.session.headers)).status).toBe(401);
    expect((await signIn(account.username, account.password)).status).toBe(401);
    expect((await signIn(account.username, reset.body.one_time_password)).status).toBe(200);
  });

  it('resets a password by e-mailed link: the old password stops working at once, the link sets the new one', async () => {
    const { username, address, added } = await addWithLink();
    await app.call('POST', `${BASE}/set-password/`, {
      token: await linkMailedTo(address),
      password: 'psalm twenty three',
    });
    const session = await signIn(username, 'psalm twenty three');
    expect(session.status).toBe(200);

    const reset = await app.call(
      'POST',
      `${BASE}/${added.body.account.id}/reset-password/`,
      { delivery: 'email-link' },
      office.headers,
    );
    expect(reset.status).toBe(200);
    expect((await signIn(username, 'psalm twenty three')).status).toBe(401);
    expect((await me(session.headers)).status).toBe(401);

    const token = await linkMailedTo(address, 1);
    expect((await app.call('POST', `${BASE}/set-password/`, { token, password: 'psalm one hundred' })).status).toBe(
      204,
    );
    expect((await signIn(username, 'psalm one hundred')).status).toBe(200);
  });

  it("deactivating ends the account's session and open console at once; reactivating lets it back", async () => {
    const account = await addWithPassword();
    expect((await me(account.session.headers)).status).toBe(200);
    const openConsole = await connectLive<StaffSocket>(app, 'staff', { extraHeaders: account.session.headers! });
    const closed = new Promise<string>((resolve) => openConsole.socket.once('disconnect', resolve));

    const deactivated = await app.call('POST', `${BASE}/${account.id}/deactivate/`, undefined, office.headers);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    expect(await closed).toBe('io server disconnect');
    openConsole.close();
    expect((await me(account.session.headers)).status).toBe(401);
    expect((await app.call('GET', `${BASE}/`, undefined, account.session.headers)).status).toBe(401);
    expect((await signIn(account.username, account.password)).status).toBe(401);

    const reactivated = await app.call('POST', `${BASE}/${account.id}/reactivate/`, undefined, office.headers);
    expect(reactivated.body.active).toBe(true);
    expect((await signIn(account.username, account.password)).status).toBe(200);
  });

  it('refuses to deactivate yourself', async () => {
    const list = await app.call('GET', `${BASE}/`, undefined, office.headers);
    const mine = list.body.find((account: { is_you: boolean }) => account.is_you);
    const answer = await app.call('POST', `${BASE}/${mine.id}/deactivate/`, undefined, office.headers);
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe('You cannot deactivate your own account. Ask another staff member to do it.');
    expect((await me(office.headers)).status).toBe(200);
  });

  it('never leaves the church without an active account, even when the last two deactivate each other at once', async () => {
    // Everyone else is deactivated first, so these two are the only active accounts.
    const one = await addWithPassword();
    const two = await addWithPassword();
    const list = await app.call('GET', `${BASE}/`, undefined, one.session.headers);
    for (const account of list.body as Array<{ id: number; active: boolean }>) {
      if (account.active && account.id !== one.id && account.id !== two.id) {
        expect(
          (await app.call('POST', `${BASE}/${account.id}/deactivate/`, undefined, one.session.headers)).status,
        ).toBe(200);
      }
    }
    const [first, second] = await Promise.all([
      app.call('POST', `${BASE}/${two.id}/deactivate/`, undefined, one.session.headers),
      app.call('POST', `${BASE}/${one.id}/deactivate/`, undefined, two.session.headers),
    ]);
    expect([first.status, second.status].filter((status) => status === 200)).toHaveLength(1);
    const refused = first.status === 200 ? second : first;
    // Refused either by the lock (the other went first) or because its own session had already ended.
    expect([401, 409]).toContain(refused.status);
    if (refused.status === 409) {
      expect(refused.body.detail).toBe('This is the last active staff account: add or reactivate another one first.');
    }
    const survivor = first.status === 200 ? one : two;
    const after = await app.call('GET', `${BASE}/`, undefined, survivor.session.headers);
    expect(after.body.filter((account: { active: boolean }) => account.active)).toHaveLength(1);

    for (const account of after.body as Array<{ id: number; active: boolean }>) {
      if (!account.active)
        await app.call('POST', `${BASE}/${account.id}/reactivate/`, undefined, survivor.session.headers);
    }
    // Deactivating ended the office's session: the tests after this one sign in afresh.
    office = await signInAsStaff(app);
  });

  it('changes my password: other sessions end, this one stays, and the current password is required', async () => {
    const account = await addWithPassword();
    const elsewhere = await signIn(account.username, account.password);
    const headers = account.session.headers!;

    const wrong = await app.call(
      'POST',
      `${BASE}/me/password/`,
      { current_password: 'not my password', new_password: 'amazing grace how sweet' },
      headers,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ current_password: ['Current password is not correct'] });
    const short = await app.call(
      'POST',
      `${BASE}/me/password/`,
      { current_password: account.password, new_password: 'short' },
      headers,
    );
    expect(short.body).toEqual({ new_password: ['Password must be at least 10 characters'] });

    const changed = await app.call(
      'POST',
      `${BASE}/me/password/`,
      { current_password: account.password, new_password: 'amazing grace how sweet' },
      headers,
    );
    expect(changed.status).toBe(204);
    expect((await me(headers)).status).toBe(200);
    expect((await me(elsewhere.headers)).status).toBe(401);
    expect((await signIn(account.username, account.password)).status).toBe(401);
    expect((await signIn(account.username, 'amazing grace how sweet')).status).toBe(200);
  });

  it('keeps each sign-in with its time, address and browser, newest first', async () => {
    const account = await addWithPassword();
    const before = Date.now();
    await signIn(account.username, account.password, { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Hymnal/2.0' });
    const answer = await app.call('GET', `${BASE}/${account.id}/sign-ins/`, undefined, office.headers);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(2);
    expect(answer.body[0]).toMatchObject({ address: '203.0.113.7', user_agent: 'Hymnal/2.0' });
    expect(new Date(answer.body[0].signed_in_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.body[1].address).not.toBe('203.0.113.7');
  });
});
