import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions } from '@gather/server/platform/database/schema/staff';
import { startTestApp, type TestApp } from '../../support/app.js';
import { connectLive, type StaffSocket } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

const IDLE_MINUTES = 20;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ STAFF_IDLE_MINUTES: String(IDLE_MINUTES) });
});
afterAll(() => app.close());

const tokenHash = (staff: Staff) =>
  createHash('sha256')
    .update(staff.headers.cookie!.replace(/^__Host-gather_session=/, ''))
    .digest('hex');

/** Makes the session's last use `secondsAgo` in the past, as if the staff member had walked away then. */
async function lastUsed(staff: Staff, secondsAgo: number) {
  await app.ctx.db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(staffSessions.tokenHash, tokenHash(staff)));
}

const me = (staff: Staff) => app.call('GET', '/api/admin/auth/me', undefined, staff.headers);

describe('a staff session', () => {
  it('is kept in a __Host- cookie: Secure, for the whole site, for this host only', async () => {
    const staff = await signInAsStaff(app);
    expect(staff.headers.cookie).toMatch(/^__Host-gather_session=/);
    const login = await app.call('POST', '/api/admin/auth/login', {
      username: staff.username,
      password: staff.password,
    });
    const line = login.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-gather_session='))!;
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; Secure/);
    expect(line).not.toMatch(/Domain=/i);
  });

  it('ends when left unused for STAFF_IDLE_MINUTES, though its 12 hours are not up', async () => {
    const staff = await signInAsStaff(app);
    await lastUsed(staff, IDLE_MINUTES * 60 + 5);
    const answer = await me(staff);
    expect(answer.status).toBe(401);
  });

  it('goes on while it is used: each use starts the idle time again', async () => {
    const staff = await signInAsStaff(app);
    await lastUsed(staff, IDLE_MINUTES * 60 - 30);
    expect((await me(staff)).status).toBe(200);
    const [row] = await app.ctx.db
      .select({ idleFor: sql<number>`extract(epoch from now() - ${staffSessions.lastSeenAt})::int` })
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, tokenHash(staff)));
    expect(row!.idleFor).toBeLessThan(60);
    expect((await me(staff)).status).toBe(200);
  });

  it("closes the open console's live connection when it ends for want of use", async () => {
    const staff = await signInAsStaff(app);
    // Idle time runs out a moment after the console connects.
    await lastUsed(staff, IDLE_MINUTES * 60 - 1);
    const console = await connectLive<StaffSocket>(app, 'staff', { extraHeaders: staff.headers });
    const reason = await new Promise<string>((resolve) => console.socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect((await me(staff)).status).toBe(401);
  });
});
