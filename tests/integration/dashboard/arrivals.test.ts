import { randomUUID } from 'node:crypto';
import { todayIn } from '@gather/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventTakingSignUps, signUp } from '../../support/registrations.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app, { roles: ['content'] });
});
afterAll(() => app?.close());

const staffCall = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);

describe("the dashboard's arrivals", () => {
  it("shows today's events taking sign-ups with who has arrived against the places, and no other event", async () => {
    const today = todayIn(app.ctx.church.latest.time_zone);
    const allDay = { date: `${today}T00:01`, end_date: `${today}T23:59` };
    const supper = await eventTakingSignUps(app, staff, { capacity: 40 }, { title: 'Harvest Supper', ...allDay });
    await eventTakingSignUps(app, staff, {}, { title: 'Next year' });
    const closed = await eventTakingSignUps(app, staff, {}, { title: 'Sign-ups off today', ...allDay });
    await staffCall('PUT', `/api/admin/events/${closed}/registration/`, { enabled: false, capacity: 10 });

    expect((await signUp(app, supper, { email: 'ruth@example.org', party: 3 })).status).toBe(201);
    expect((await signUp(app, supper, { name: 'Boaz Field', email: 'boaz@example.org', party: 2 })).status).toBe(201);
    const before = await staffCall('GET', '/api/admin/stats/arrivals/');
    expect(before.status).toBe(200);
    expect(before.body.events).toEqual([
      expect.objectContaining({ event_id: supper, title: 'Harvest Supper', arrived: 0, places_taken: 5, capacity: 40 }),
    ]);

    const list = await staffCall('GET', `/api/admin/events/${supper}/registrations/?search=ruth`);
    const checkIn = { client_id: randomUUID(), registration_id: list.body.registrations[0].id };
    expect((await staffCall('POST', `/api/admin/events/${supper}/check-ins/`, checkIn)).status).toBe(200);
    const after = await staffCall('GET', '/api/admin/stats/arrivals/');
    expect(after.body.events).toEqual([expect.objectContaining({ event_id: supper, arrived: 3, places_taken: 5 })]);
  });

  it('is for those who run events only', async () => {
    const treasurer = await signInAsStaff(app, { roles: ['finance'] });
    expect((await app.call('GET', '/api/admin/stats/arrivals/', undefined, treasurer.headers)).status).toBe(403);
  });
});
