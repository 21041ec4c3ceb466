import { afterEach, expect, it, vi } from 'vitest';
import { ensureFirstStaffAccount } from '@gather/server/features/auth/first-staff-account';
import { staffUsers } from '@gather/server/platform/database/schema/staff';
import { startTestApp, type TestApp } from '../../support/app.js';

/** API processes of the scale profile, started together on a new database: each makes sure of the first account. */
const PROCESSES = 5;

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it('is made once, and its password printed once, when several API processes start together', async () => {
  app = await startTestApp();
  const printed: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((text) => printed.push(String(text)) > 0);
  try {
    await Promise.all(Array.from({ length: PROCESSES }, () => ensureFirstStaffAccount(app!.ctx)));
  } finally {
    write.mockRestore();
  }
  const passwords = [...printed.join('').matchAll(/password: (\S+)/g)].map((match) => match[1]!);
  expect(passwords).toHaveLength(1);
  expect(await app.ctx.db.select({ username: staffUsers.username }).from(staffUsers)).toEqual([{ username: 'admin' }]);
  const signIn = await app.call('POST', '/api/admin/auth/login', { username: 'admin', password: passwords[0] });
  expect(signIn.status).toBe(200);
});

it('is made once from ADMIN_USERNAME and ADMIN_PASSWORD when several API processes start together', async () => {
  app = await startTestApp();
  const ctx = {
    ...app.ctx,
    config: { ...app.ctx.config, ADMIN_USERNAME: 'verger', ADMIN_PASSWORD: 'candles-at-dusk-42' },
  };
  await Promise.all(Array.from({ length: PROCESSES }, () => ensureFirstStaffAccount(ctx)));
  expect(await app.ctx.db.select({ username: staffUsers.username }).from(staffUsers)).toEqual([{ username: 'verger' }]);
  const signIn = await app.call('POST', '/api/admin/auth/login', {
    username: 'verger',
    password: 'candles-at-dusk-42',
  });
  expect(signIn.status).toBe(200);
});
