import { expect } from 'vitest';
import { eventRegistrations, eventRegistrationSettings } from '@gather/server/platform/database/schema/registrations';
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
  const id = await newEvent(app, staff, fields);
  const saved = await app.call(
    'PUT',
    `/api/admin/events/${id}/registration/`,
    { enabled: true, capacity: 50, waitlist: true, max_party: 4, ...settings },
    staff.headers,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

/** An event made by staff, sign-ups off as every new event has them; answers its id. */
export async function newEvent(app: TestApp, staff: Staff, fields: Record<string, string> = {}): Promise<number> {
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
  return created.body.id as number;
}

/** A visitor's sign-up as the event page sends it. */
export const signUp = (app: Pick<TestApp, 'call'>, eventId: number, fields: Record<string, unknown> = {}) =>
  app.call('POST', `/api/events/${eventId}/register/`, {
    name: 'Ruth Hale',
    email: 'ruth@example.org',
    party: 1,
    ...fields,
  });

/**
 * Sign-ups as long as real ones get, written straight to the tables: a question of each kind, a long name and
 * address with every answer, someone waiting and someone checked in. For the pages' layout and accessibility.
 */
export async function seedSignUps(app: TestApp, eventId: number): Promise<void> {
  const db = app.ctx.db;
  await db.insert(eventRegistrationSettings).values({
    eventId,
    enabled: true,
    capacity: 120,
    placesTaken: 5,
    maxParty: 6,
    questions: [
      {
        id: 'dietary',
        label: 'Dietary needs or allergies we should know about',
        kind: 'text',
        required: false,
        choices: [],
      },
      {
        id: 'meal',
        label: 'Main course',
        kind: 'choice',
        required: true,
        choices: ['Roast lamb', 'Mushroom Wellington'],
      },
      { id: 'lift', label: 'Would you like a lift from the station?', kind: 'yes_no', required: false, choices: [] },
    ],
  });
  await db.insert(eventRegistrations).values([
    {
      eventId,
      name: 'Oluwaseun Adeyemi-Richardson',
      email: 'oluwaseun.adeyemi-richardson@example-parish.org.uk',
      party: 4,
      status: 'confirmed',
      answers: {
        dietary: 'Coeliac (no gluten at all, please), and one of the children is allergic to tree nuts and sesame',
        meal: 'Mushroom Wellington',
        lift: true,
      },
      checkedInAt: new Date(),
    },
    {
      eventId,
      name: 'Anne-Marie Fitzgerald-Montgomery',
      email: 'annemarie.fitzgerald-montgomery@example-parish.org.uk',
      party: 1,
      status: 'confirmed',
      answers: { meal: 'Roast lamb', lift: false },
    },
    {
      eventId,
      name: 'Bartholomew Fitzgerald',
      email: 'bartholomew.fitzgerald@example-parish.org.uk',
      party: 6,
      status: 'waitlisted',
      answers: { meal: 'Roast lamb' },
    },
  ]);
}
