import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPendingSignIns } from '@gather/server/platform/database/schema/second-factor';
import { startTestApp, type TestApp } from '../../support/app.js';
import { enrolAuthenticator } from '../../support/second-factor.js';
import { sessionCookie, signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const WRONG = 'That code is not right, or has already been used. Please try again.';

async function passwordStep(staff: Staff) {
  const answer = await app.call('POST', '/api/admin/auth/login', {
    username: staff.username,
    password: staff.password,
  });
  expect(answer.status).toBe(200);
  return answer;
}

async function enrolledStaff() {
  const staff = await signInAsStaff(app);
  const { phone, recoveryCodes } = await enrolAuthenticator(app, staff);
  return { staff, phone, recoveryCodes };
}

const codeStep = (token: string, code: string) =>
  app.call('POST', '/api/admin/auth/second-step/code/', { token, code });

describe('two-step sign-in with an authenticator app', () => {
  it('asks for a second step after the password, with no session cookie until it is given', async () => {
    const { staff, phone } = await enrolledStaff();
    const password = await passwordStep(staff);
    expect(password.body).toEqual({ second_step: { token: expect.any(String), methods: ['authenticator'] } });
    expect(password.headers.getSetCookie()).toEqual([]);
    // The pending sign-in is no session: the console refuses its token as a cookie.
    const asCookie = await app.call('GET', '/api/admin/auth/me', undefined, {
      cookie: `gather_session=${password.body.second_step.token}`,
    });
    expect(asCookie.status).toBe(401);

    const second = await codeStep(password.body.second_step.token, phone.code(1));
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ username: staff.username, roles: ['administrator'] });
    const me = await app.call('GET', '/api/admin/auth/me', undefined, { cookie: sessionCookie(second.headers) });
    expect(me.body).toEqual({ username: staff.username, roles: ['administrator'] });
  });

  it('refuses a wrong code, and a pending sign-in used once cannot be used again', async () => {
    const { staff, phone } = await enrolledStaff();
    const { token } = (await passwordStep(staff)).body.second_step;
    const wrong = await codeStep(token, phone.code(1) === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: WRONG });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect((await codeStep(token, phone.code(1))).status).toBe(200);
    const again = await codeStep(token, phone.code(0));
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe('This sign-in has expired. Please sign in again.');
  });

  it('accepts each code once: a replayed code is refused', async () => {
    const { staff, phone } = await enrolledStaff();
    const code = phone.code(1);
    expect((await codeStep((await passwordStep(staff)).body.second_step.token, code)).status).toBe(200);
    const replay = await codeStep((await passwordStep(staff)).body.second_step.token, code);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: WRONG });
  });

  it('refuses a pending sign-in once it has expired', async () => {
    const { staff, phone } = await enrolledStaff();
    const { token } = (await passwordStep(staff)).body.second_step;
    await app.ctx.db.update(staffPendingSignIns).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await codeStep(token, phone.code(1));
    expect(late.status).toBe(401);
    expect(late.body.detail).toBe('This sign-in has expired. Please sign in again.');
    expect(late.headers.getSetCookie()).toEqual([]);
  });

  it('throttles wrong second steps with 429', async () => {
    const { staff } = await enrolledStaff();
    const { token } = (await passwordStep(staff)).body.second_step;
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await codeStep(token, 'aaaaa-aaaaa')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('recovery codes', () => {
  it('gives ten codes at enrolment; each signs in once, and the Security page counts what is left', async () => {
    const { staff, recoveryCodes } = await enrolledStaff();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const used = await codeStep((await passwordStep(staff)).body.second_step.token, recoveryCodes[0]!.toUpperCase());
    expect(used.status).toBe(200);
    const again = await codeStep((await passwordStep(staff)).body.second_step.token, recoveryCodes[0]!);
    expect(again.status).toBe(401);
    const status = await app.call('GET', '/api/admin/second-factor/', undefined, staff.headers);
    expect(status.body).toMatchObject({ authenticator: true, recovery_codes_left: 9, passkeys: [] });
  });

  it('never shows the secret or the codes again, and keeps them out of the activity log', async () => {
    const { staff, phone, recoveryCodes } = await enrolledStaff();
    const status = await app.call('GET', '/api/admin/second-factor/', undefined, staff.headers);
    expect(JSON.stringify(status.body)).not.toContain(phone.secret);
    const log = await app.call('GET', '/api/admin/activity/?limit=50', undefined, staff.headers);
    const text = JSON.stringify(log.body);
    expect(text).toContain('authenticator app');
    expect(text).not.toContain(phone.secret);
    expect(text).not.toContain(recoveryCodes[0]);
  });
});

describe('removing and resetting a second factor', () => {
  it('needs the current password or a code to remove the authenticator app', async () => {
    const { staff, phone } = await enrolledStaff();
    const bare = await app.call('DELETE', '/api/admin/second-factor/authenticator/', {}, staff.headers);
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ password: ['Enter your password or a code from your authenticator app'] });
    const wrong = await app.call(
      'DELETE',
      '/api/admin/second-factor/authenticator/',
      { password: 'not it' },
      staff.headers,
    );
    expect(wrong.status).toBe(400);
    const removed = await app.call(
      'DELETE',
      '/api/admin/second-factor/authenticator/',
      { code: phone.code(1) },
      staff.headers,
    );
    expect(removed.status).toBe(204);
    const password = await passwordStep(staff);
    expect(password.body).toEqual({ username: staff.username, roles: ['administrator'] });
    // With no factor left the old recovery codes go: setting up again gives a fresh set.
    const status = await app.call('GET', '/api/admin/second-factor/', undefined, staff.headers);
    expect(status.body).toMatchObject({ authenticator: false, recovery_codes_left: 0 });
    const again = await enrolAuthenticator(app, staff);
    expect(again.recoveryCodes).toHaveLength(10);
  });

  it("lets an administrator reset another member's second factor, logged", async () => {
    const { staff: lost } = await enrolledStaff();
    const admin = await signInAsStaff(app);
    const accounts = await app.call('GET', '/api/admin/staff-accounts/', undefined, admin.headers);
    const id = (accounts.body as { id: number; username: string }[]).find((a) => a.username === lost.username)!.id;
    const reset = await app.call(
      'POST',
      `/api/admin/staff-accounts/${id}/reset-second-factor/`,
      undefined,
      admin.headers,
    );
    expect(reset.status).toBe(204);
    expect((await passwordStep(lost)).body).toEqual({ username: lost.username, roles: ['administrator'] });
    const log = await app.call('GET', '/api/admin/activity/?limit=50', undefined, admin.headers);
    expect(JSON.stringify(log.body)).toContain('staff account second factor');
  });
});

describe("the church's setting: a second factor for every staff account", () => {
  it('limits a sign-in without a factor to setting one up, with 403 everywhere else, until it has one', async () => {
    const admin = await signInAsStaff(app);
    const newcomer = await signInAsStaff(app);
    const turnOn = await app.call(
      'PUT',
      '/api/admin/second-factor/policy/',
      { required_for_all_staff: true },
      admin.headers,
    );
    expect(turnOn.status).toBe(200);
    try {
      const password = await passwordStep(newcomer);
      expect(password.body).toEqual({ username: newcomer.username, roles: ['administrator'], must_enrol: true });
      const limited: Staff = { ...newcomer, headers: { cookie: sessionCookie(password.headers), origin: app.url } };
      const elsewhere = await app.call('GET', '/api/admin/staff-accounts/', undefined, limited.headers);
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.detail).toMatch(/^Set up two-step sign-in first/);
      const policy = await app.call(
        'PUT',
        '/api/admin/second-factor/policy/',
        { required_for_all_staff: false },
        limited.headers,
      );
      expect(policy.status).toBe(403);
      expect((await app.call('GET', '/api/admin/second-factor/', undefined, limited.headers)).body.required).toBe(true);

      const { phone } = await enrolAuthenticator(app, limited);
      expect((await app.call('GET', '/api/admin/staff-accounts/', undefined, limited.headers)).status).toBe(200);
      const last = await app.call(
        'DELETE',
        '/api/admin/second-factor/authenticator/',
        { password: newcomer.password },
        limited.headers,
      );
      expect(last.status).toBe(409);
      expect((await passwordStep(newcomer)).body.second_step).toBeDefined();
      expect(phone.secret).toBeTruthy();
    } finally {
      await app.call('PUT', '/api/admin/second-factor/policy/', { required_for_all_staff: false }, admin.headers);
    }
  });

  it('checks its form with a clear message', async () => {
    const admin = await signInAsStaff(app);
    const answer = await app.call('PUT', '/api/admin/second-factor/policy/', {}, admin.headers);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      required_for_all_staff: ['Choose whether every staff account needs a second factor'],
    });
    const code = await app.call(
      'POST',
      '/api/admin/second-factor/authenticator/confirm/',
      { code: 'abc' },
      admin.headers,
    );
    expect(code.body).toEqual({ code: ['Enter the 6-digit code from your authenticator app'] });
  });
});
