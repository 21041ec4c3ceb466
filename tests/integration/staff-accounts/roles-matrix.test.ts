import { holdsRole, LIVE_ERRORS, NO_PERMISSION, STAFF_ROLES, type StaffRole } from '@gather/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRooms } from '@gather/server/api/live';
import { collectionRooms } from '@gather/server/features/collections/live';
import { qnaRooms } from '@gather/server/features/qna/live';
import { eventRooms } from '@gather/server/features/registrations/live';
import { ApiRouter } from '@gather/server/platform/http/endpoint';
import { startTestApp, type TestApp } from '../../support/app.js';
import { connectLive, type LiveClient, type StaffSocket } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

/**
 * Every staff route and room, with an account of each role: refused with 403 exactly where the role does not
 * reach. The routes come from the app's own list, so a route added later is walked too.
 */
let app: TestApp;
const staffOf = new Map<StaffRole, Staff>();
const sockets: Array<LiveClient<StaffSocket>> = [];

beforeAll(async () => {
  app = await startTestApp();
  for (const role of STAFF_ROLES) staffOf.set(role, await signInAsStaff(app, { roles: [role] }));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
});

/** Ids that name nothing: a call that gets past the role check changes nothing. */
const withUnknownIds = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => (name === 'part' ? '1' : '987654'));

const allowed = (role: StaffRole, needed: readonly StaffRole[] | 'any-staff' | undefined) =>
  needed === 'any-staff' || holdsRole([role], needed ?? []);

describe('staff roles', () => {
  it('declares roles on every staff endpoint and on no visitors’ one', () => {
    const staff = app.endpoints.filter((endpoint) => endpoint.access === 'staff');
    expect(staff.length).toBeGreaterThan(100);
    for (const endpoint of app.endpoints) {
      const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
      if (endpoint.access === 'staff') expect(endpoint.roles, where).toBeDefined();
      else expect(endpoint.roles, where).toBeUndefined();
    }
  });

  it('refuses to register a staff endpoint without roles, or a visitors’ one with them', () => {
    expect(() =>
      new ApiRouter().endpoint(
        { method: 'post', path: '/api/things/', summary: 'Add', tag: 'things' },
        () => undefined,
      ),
    ).toThrow('POST /api/things/: a staff endpoint must declare its roles');
    expect(() =>
      new ApiRouter().endpoint(
        { method: 'get', path: '/api/admin/things/', summary: 'List', tag: 'things' },
        () => undefined,
      ),
    ).toThrow('GET /api/admin/things/: a staff endpoint must declare its roles');
    expect(() =>
      new ApiRouter().endpoint(
        { method: 'get', path: '/api/things/', summary: 'List', tag: 'things', access: 'public', roles: ['content'] },
        () => undefined,
      ),
    ).toThrow('only staff endpoints declare roles');
  });

  it.each(STAFF_ROLES)('answers an account holding only %s 403 exactly where the role does not reach', async (role) => {
    const staff = staffOf.get(role)!;
    const refusedWrongly: string[] = [];
    const allowedWrongly: string[] = [];
    for (const endpoint of app.endpoints.filter((candidate) => candidate.access === 'staff')) {
      const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
      const answer = await app.call(
        endpoint.method.toUpperCase(),
        withUnknownIds(endpoint.path),
        undefined,
        staff.headers,
      );
      const refused = answer.status === 403 && answer.body?.detail === NO_PERMISSION;
      if (allowed(role, endpoint.roles) && refused) refusedWrongly.push(where);
      if (!allowed(role, endpoint.roles) && !refused) allowedWrongly.push(`${where} (${answer.status})`);
    }
    expect(refusedWrongly).toEqual([]);
    expect(allowedWrongly).toEqual([]);
  });

  it.each(STAFF_ROLES)(
    'lets an account holding only %s see the job board and metrics only if it administers',
    async (role) => {
      const staff = staffOf.get(role)!;
      for (const path of ['/metrics', '/admin/queues/api/queues']) {
        const answer = await app.call('GET', path, undefined, staff.headers);
        if (role === 'administrator') expect(answer.status, path).toBe(200);
        else expect([answer.status, answer.body?.detail], path).toEqual([403, NO_PERMISSION]);
      }
    },
  );

  it.each(STAFF_ROLES)('lets an account holding only %s join exactly the rooms its role reaches', async (role) => {
    const staff = staffOf.get(role)!;
    const socket = await connectLive<StaffSocket>(app, 'staff', { extraHeaders: staff.headers });
    sockets.push(socket);
    const rooms = staffRooms(qnaRooms(app.ctx.db, app.ctx.pool), collectionRooms(app.ctx.db), eventRooms(app.ctx.db));
    expect(rooms.length).toBeGreaterThan(3);
    for (const room of rooms) {
      const emit = socket.socket.emit as unknown as (event: string, ...args: unknown[]) => void;
      const ack = await new Promise<{ ok: boolean; error?: string }>((resolve) =>
        'allowed' in room
          ? emit.call(socket.socket, room.join, '00000000-0000-4000-8000-000000000000', resolve)
          : emit.call(socket.socket, room.join, resolve),
      );
      // A room followed by id answers "not found" for this made-up id once the role lets the check through.
      const expected = allowed(role, room.roles)
        ? 'allowed' in room
          ? { ok: false, error: LIVE_ERRORS.notFound }
          : { ok: true }
        : { ok: false, error: NO_PERMISSION };
      expect(ack, `${room.join} as ${role}`).toEqual(expected);
    }
  });
});
