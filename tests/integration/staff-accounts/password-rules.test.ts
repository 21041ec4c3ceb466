import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import type { TestSmtpServer } from '../../support/test-smtp.js';

const COMMON = 'This password is one of the most common ones: choose one that is harder to guess';
const HAS_USERNAME = 'The password must not contain the username';
const HAS_CHURCH = "The password must not contain the church's name";

let mailing: MailingApp;
let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
beforeAll(async () => {
  mailing = await startMailingApp({ PUBLIC_URL: 'https://www.stmarks.example', CHURCH_NAME: "St Mark's Riverside" });
  ({ app, smtp } = mailing);
  staff = await signInAsStaff(app);
});
afterAll(() => mailing?.close());

const changeMine = (new_password: string) =>
  app.call(
    'POST',
    '/api/admin/staff-accounts/me/password/',
    { current_password: staff.password, new_password },
    staff.headers,
  );

describe('a new staff password', () => {
  it.each([
    ['one of the most common passwords', 'password123', COMMON],
    ['a common password in capitals', 'IloveYou12', COMMON],
    ['a common password with spaces', 'qwerty uiop', COMMON],
    ['the username', () => `${staff.username}2026`, HAS_USERNAME],
    ['the username in other letters', () => `My-${staff.username.toUpperCase()}!`, HAS_USERNAME],
    ["the church's name", 'riverside2026!', HAS_CHURCH],
    ["the church's whole name run together", 'StMarksRiverside', HAS_CHURCH],
  ])('is refused when it is %s, with a message beside the field', async (_, password, message) => {
    const answer = await changeMine(typeof password === 'function' ? password() : password);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ new_password: [message] });
  });

  it('is taken when it is none of those', async () => {
    expect((await changeMine('psalm twenty three')).status).toBe(204);
    staff.password = 'psalm twenty three';
  });

  it('from an e-mailed link follows the same rules, and the link still works after a refusal', async () => {
    const username = `warden_${Date.now().toString(36)}`;
    const address = `${username}@example.org`;
    const added = await app.call(
      'POST',
      '/api/admin/staff-accounts/',
      { username, email: address, delivery: 'email-link', roles: ['content'] },
      staff.headers,
    );
    expect(added.status).toBe(201);
    const mail = await eventually(async () => smtp.to(address)[0], 'the set-password mail');
    const token = decodeURIComponent(/token=([\w.%-]+)/.exec(mail.text)![1]!);
    const set = (password: string) => app.call('POST', '/api/admin/staff-accounts/set-password/', { token, password });

    expect((await set('baseball1')).body).toEqual({ password: ['Password must be at least 10 characters'] });
    expect((await set('1234567890')).body).toEqual({ password: [COMMON] });
    expect((await set(`${username} at home`)).body).toEqual({ password: [HAS_USERNAME] });
    expect((await set('Riverside choir')).body).toEqual({ password: [HAS_CHURCH] });
    expect((await set('a quiet evening prayer')).status).toBe(204);
  });
});
