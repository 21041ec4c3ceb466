import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { Staff } from './staff.js';

/** Next year, so the event is still to come whenever the tests run. */
const year = new Date().getUTCFullYear() + 1;

/** An event made by staff with sign-ups turned on; answers its id. */
export async function eventTakingSignUps(
  app: TestApp,
  staff: Staff,
  settings: Record<string, unknown> = {},
  fields: Record<string, string> = {},
): Promise<number> {
  const form = new FormData();
  const values = {
    title: 'Weekend Away',
    description: 'All welcome',
    location: 'Church hall',
    date: `${year}-06-12T18:00`,
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const created = await app.call('POST', '/api/events/', form, staff.headers);
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const saved = await app.call(
    'PUT',
    `/api/admin/events/${id}/registration/`,
    { enabled: true, capacity: 50, waitlist: true, max_party: 4, ...settings },
    staff.headers,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

/** A visitor's sign-up as the event page sends it. */
export const signUp = (app: Pick<TestApp, 'call'>, eventId: number, fields: Record<string, unknown> = {}) =>
  app.call('POST', `/api/events/${eventId}/register/`, {
    name: 'Ruth Hale',
    email: 'ruth@example.org',
    party: 1,
    ...fields,
  });
