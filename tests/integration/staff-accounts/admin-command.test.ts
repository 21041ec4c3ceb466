import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { enrolAuthenticator } from '../../support/second-factor.js';

const run = promisify(execFile);
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Runs `npm run admin -- ...` as a volunteer would, against this test's database. */
async function adminCommand(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'server/src/cli/admin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: app.ctx.config.DATABASE_URL!, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const login = (username: string, password: string) => app.call('POST', '/api/admin/auth/login', { username, password });

describe('npm run admin', () => {
  it('creates an admin with a printed password that signs in', async () => {
    const created = await adminCommand(['create', 'churchwarden']);
    expect(created.code).toBe(0);
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    expect((await login('churchwarden', password!)).status).toBe(200);
  });

  it('resets a password, which signs the old sessions out', async () => {
    await adminCommand(['create', 'deacon'], { ADMIN_PASSWORD: 'first password here' });
    const signedIn = await login('deacon', 'first password here');
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const reset = await adminCommand(['reset-password', 'deacon'], { ADMIN_PASSWORD: 'second password here' });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('Updated admin "deacon"');
    expect((await app.call('GET', '/api/admin/auth/me', undefined, { cookie })).status).toBe(401);
    expect((await login('deacon', 'first password here')).status).toBe(401);
    expect((await login('deacon', 'second password here')).status).toBe(200);
  });

  it("removes a locked-out account's second factor, so its password alone signs in again", async () => {
    await adminCommand(['create', 'organist'], { ADMIN_PASSWORD: 'organ pipes galore' });
    const signedIn = await login('organist', 'organ pipes galore');
    const staff = {
      username: 'organist',
      password: 'organ pipes galore',
      headers: { cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]!, origin: app.url },
    };
    await enrolAuthenticator(app, staff);
    expect((await login('organist', 'organ pipes galore')).body.second_step).toBeDefined();
    const reset = await adminCommand(['reset-second-factor', 'organist']);
    expect(reset.code).toBe(0);
    expect((await login('organist', 'organ pipes galore')).body).toEqual({
      username: 'organist',
      roles: ['administrator'],
    });
    expect(await adminCommand(['reset-second-factor', 'nobody'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no admin called'),
    });
  });

  it('says what is wrong instead of guessing', async () => {
    expect(await adminCommand(['create', 'churchwarden'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already an admin'),
    });
    expect(await adminCommand(['reset-password', 'nobody'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no admin called'),
    });
    expect(await adminCommand(['delete', 'x'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage') });
    expect(await adminCommand(['create', 'vicar'], { ADMIN_PASSWORD: 'short' })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('at least 10 characters'),
    });
  });
});
