import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { LIVE_ERRORS } from '@gather/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions } from '@gather/server/platform/database/schema/staff';
import { startPeerApp, startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { connectLive, type LiveClient, type StaffSocket } from '../../support/live.js';
import { sessionCookie, signInAsStaff, type Staff } from '../../support/staff.js';

/** A staff socket must not outlive its session, whichever API process (or command) ends it. */
let first: TestApp;
let second: TestApp;
const open: Array<LiveClient<StaffSocket>> = [];

beforeAll(async () => {
  first = await startTestApp();
  second = await startPeerApp(first);
});
afterAll(async () => {
  for (const client of open) client.close();
  await second?.close();
  await first?.close();
});

async function watch(app: TestApp, cookie: string) {
  const client = await connectLive<StaffSocket>(app, 'staff', { extraHeaders: { cookie, origin: app.url } });
  open.push(client);
  const closed = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
  return { client, closed };
}

/** Another sign-in of the same admin: a session of its own. */
async function signInAgain(staff: Staff): Promise<string> {
  const answer = await first.call('POST', '/api/admin/auth/login', {
    username: staff.username,
    password: staff.password,
  });
  expect(answer.status).toBe(200);
  return sessionCookie(answer.headers);
}

const tokenHash = (cookie: string) =>
  createHash('sha256')
    .update(cookie.replace(/^__Host-gather_session=/, ''))
    .digest('hex');

describe('staff sockets end with their session', () => {
  it('closes the socket of a session that signs out on another API process, and only that one', async () => {
    const staff = await signInAsStaff(first);
    const otherSession = await signInAgain(staff);
    const signingOut = await watch(second, staff.headers.cookie!);
    const staying = await watch(second, otherSession);

    expect((await first.call('POST', '/api/admin/auth/logout', undefined, staff.headers)).status).toBe(204);

    expect(await signingOut.closed).toBe('io server disconnect');
    expect(staying.client.socket.connected).toBe(true);
    expect(await staying.client.socket.emitWithAck('jobs:join')).toEqual({ ok: true });
  });

  it('closes every socket of an admin whose password is changed with `npm run admin`', async () => {
    const staff = await signInAsStaff(first);
    const otherSession = await signInAgain(staff);
    const watching = [await watch(first, staff.headers.cookie!), await watch(second, otherSession)];

    await promisify(execFile)('npx', ['tsx', 'server/src/cli/admin.ts', 'reset-password', staff.username], {
      env: {
        ...process.env,
        DATABASE_URL: first.ctx.config.DATABASE_URL!,
        ADMIN_PASSWORD: 'a brand new password',
        LOG_LEVEL: 'silent',
      },
    });

    expect(await Promise.all(watching.map((socket) => socket.closed))).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
  });

  it('still closes it after the database cut the connection each API process listens on', async () => {
    const listeners = async () => {
      const { rows } = await first.ctx.pool.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and query = 'listen "gather_session_ended"'`,
      );
      return rows.map((row) => row.pid);
    };
    const cut = await listeners();
    expect(cut).toHaveLength(2);
    await first.ctx.pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [cut]);
    await eventually(async () => {
      const now = await listeners();
      return now.length === 2 && now.every((pid) => !cut.includes(pid));
    }, 'both API processes listen again');

    const staff = await signInAsStaff(first);
    const watching = await watch(second, staff.headers.cookie!);
    await first.call('POST', '/api/admin/auth/logout', undefined, staff.headers);
    expect(await watching.closed).toBe('io server disconnect');
  });

  it('closes the socket when its session expires', async () => {
    const staff = await signInAsStaff(first);
    await first.ctx.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() + interval '5 seconds'` })
      .where(eq(staffSessions.tokenHash, tokenHash(staff.headers.cookie!)));

    // Connected well before the expiry (a refusal here would mean the machine took 5 s to connect).
    const expiring = await watch(second, staff.headers.cookie!);

    expect(await expiring.closed).toBe('io server disconnect');
    await expect(watch(second, staff.headers.cookie!)).rejects.toThrow(LIVE_ERRORS.unauthorized);
  });

  it('refuses a session limited to setting up a second factor', async () => {
    const staff = await signInAsStaff(first);
    await first.ctx.db
      .update(staffSessions)
      .set({ enrolOnly: true })
      .where(eq(staffSessions.tokenHash, tokenHash(staff.headers.cookie!)));
    await expect(watch(second, staff.headers.cookie!)).rejects.toThrow(LIVE_ERRORS.unauthorized);
  });
});
