import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StaffRole } from '@gather/contracts';
import { staffUsers } from '@gather/server/platform/database/schema/staff';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import type { TestApp } from './app.js';

export interface Staff {
  username: string;
  password: string;
  /** Headers a signed-in browser on the site itself sends: the session cookie and its own Origin. */
  headers: Record<string, string>;
}

/** A new administrator account with a password of its own, not yet signed in. */
export async function newStaffAccount(app: TestApp): Promise<{ username: string; password: string }> {
  const username = `staff_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  await new StaffPasswords(new AuthRepository(app.ctx.db)).setPassword(username, password);
  return { username, password };
}

/**
 * Creates a staff account in the app's database (an administrator unless `roles` says otherwise) and signs in
 * through the real login call.
 */
export async function signInAsStaff(
  app: TestApp,
  options: { remember?: boolean; roles?: StaffRole[] } = {},
): Promise<Staff> {
  const { username, password } = await newStaffAccount(app);
  if (options.roles) {
    await app.ctx.db.update(staffUsers).set({ roles: options.roles }).where(eq(staffUsers.username, username));
  }
  const answer = await app.call('POST', '/api/admin/auth/login', {
    username,
    password,
    remember: options.remember ?? false,
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { username, password, headers: { cookie: sessionCookie(answer.headers), origin: app.url } };
}

export function sessionCookie(headers: Headers): string {
  const cookie = headers.getSetCookie().find((line) => line.startsWith('__Host-gather_session='));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.split(';')[0]!;
}
