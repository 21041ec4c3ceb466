import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../support/admin-command.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { enrolAuthenticator } from '../../support/second-factor.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const login = (username: string, password: string) => app.call('POST', '/api/admin/auth/login', { username, password });

describe('npm run admin', () => {
  it('creates an admin with a printed password that signs in', async () => {
    const created = await adminCommand(app, ['create', 'churchwarden']);
    expect(created.code).toBe(0);
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    expect((await login('churchwarden', password!)).status).toBe(200);
  });

  it('resets a password, which signs the old sessions out', async () => {
    await adminCommand(app, ['create', 'deacon'], { ADMIN_PASSWORD: 'first password here' });
    const signedIn = await login('deacon', 'first password here');
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const reset = await adminCommand(app, ['reset-password', 'deacon'], { ADMIN_PASSWORD: 'second password here' });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('Updated admin "deacon"');
    expect((await app.call('GET', '/api/admin/auth/me', undefined, { cookie })).status).toBe(401);
    expect((await login('deacon', 'first password here')).status).toBe(401);
    expect((await login('deacon', 'second password here')).status).toBe(200);
  });

  it("removes a locked-out account's second factor, so its password alone signs in again", async () => {
    await adminCommand(app, ['create', 'organist'], { ADMIN_PASSWORD: 'organ pipes galore' });
    const signedIn = await login('organist', 'organ pipes galore');
    const staff = {
      username: 'organist',
      password: 'organ pipes galore',
      headers: { cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]!, origin: app.url },
    };
    await enrolAuthenticator(app, staff);
    expect((await login('organist', 'organ pipes galore')).body.second_step).toBeDefined();
    const reset = await adminCommand(app, ['reset-second-factor', 'organist']);
    expect(reset.code).toBe(0);
    expect((await login('organist', 'organ pipes galore')).body).toEqual({
      username: 'organist',
      roles: ['administrator'],
    });
    expect(await adminCommand(app, ['reset-second-factor', 'nobody'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no admin called'),
    });
  });

  it('says what is wrong instead of guessing', async () => {
    expect(await adminCommand(app, ['create', 'churchwarden'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already an admin'),
    });
    expect(await adminCommand(app, ['reset-password', 'nobody'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no admin called'),
    });
    expect(await adminCommand(app, ['delete', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
    expect(await adminCommand(app, ['create', 'vicar'], { ADMIN_PASSWORD: 'short' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('at least 10 characters'),
    });
  });
});
