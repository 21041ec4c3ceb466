import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const CONNECTS = '/api/admin/connect-submissions/';

const get = (path: string) => app.call('GET', path, undefined, staff.headers);
const post = (path: string) => app.call('POST', path, undefined, staff.headers);
const remove = (path: string) => app.call('DELETE', path, undefined, staff.headers);

/** Distinct, known submission times: row n arrived n minutes after 09:00. */
const minute = (n: number) => new Date(Date.UTC(2026, 0, 10, 9, n));

const connectRow = (change: Partial<typeof connectSubmissions.$inferInsert> = {}) => ({
  firstName: 'Mary',
  lastName: 'Seacole',
  email: 'mary@example.org',
  interests: ["I'm new here", 'Prayer request'],
  ...change,
});
const firstNames = (answer: { body: { results: { first_name: string }[] } }) =>
  answer.body.results.map((row) => row.first_name);

describe('connect inbox', () => {
  beforeEach(async () => {
    await app.ctx.db.delete(connectSubmissions);
  });

  it('answers 401 without a session', async () => {
    expect((await app.call('POST', `${CONNECTS}1/mark-processed/`)).status).toBe(401);
  });

  it('lists cards with their interests, filtered by processed and searched by name, e-mail or message', async () => {
    await app.ctx.db
      .insert(connectSubmissions)
      .values([
        connectRow({ firstName: 'Mary', createdAt: minute(1), message: 'Please pray for my mother' }),
        connectRow({ firstName: 'John', lastName: 'Newton', email: 'JOHN@example.org', createdAt: minute(2) }),
        connectRow({ firstName: 'Done', isProcessed: true, createdAt: minute(3) }),
      ]);

    const all = await get(CONNECTS);
    expect(all.body.count).toBe(3);
    expect(all.body.results[1]).toEqual({
      id: expect.any(Number),
      first_name: 'John',
      last_name: 'Newton',
      email: 'JOHN@example.org',
      phone: '',
      interests: ["I'm new here", 'Prayer request'],
      message: '',
      is_processed: false,
      created_at: minute(2).toISOString(),
    });
    expect(firstNames(await get(`${CONNECTS}?is_processed=true`))).toEqual(['Done']);
    expect(firstNames(await get(`${CONNECTS}?is_processed=false`))).toEqual(['John', 'Mary']);
    expect(firstNames(await get(`${CONNECTS}?search=newton`))).toEqual(['John']);
    expect(firstNames(await get(`${CONNECTS}?search=john@EXAMPLE`))).toEqual(['John']);
    expect(firstNames(await get(`${CONNECTS}?search=PRAY`))).toEqual(['Mary']);
  });

  it('sorts by first name, last name and e-mail and refuses other columns', async () => {
    await app.ctx.db
      .insert(connectSubmissions)
      .values([
        connectRow({ firstName: 'Bo', lastName: 'Adams', email: 'c@example.org', createdAt: minute(1) }),
        connectRow({ firstName: 'Al', lastName: 'Cole', email: 'b@example.org', createdAt: minute(2) }),
        connectRow({ firstName: 'Cy', lastName: 'Brown', email: 'a@example.org', createdAt: minute(3) }),
      ]);
    expect(firstNames(await get(`${CONNECTS}?ordering=first_name`))).toEqual(['Al', 'Bo', 'Cy']);
    expect(firstNames(await get(`${CONNECTS}?ordering=-last_name`))).toEqual(['Al', 'Cy', 'Bo']);
    expect(firstNames(await get(`${CONNECTS}?ordering=email`))).toEqual(['Cy', 'Al', 'Bo']);
    const refused = await get(`${CONNECTS}?ordering=-interests`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ ordering: [expect.stringContaining('Cannot sort by "interests"')] });
  });

  it('marks a card processed, one way only, and deletes it', async () => {
    const [row] = await app.ctx.db.insert(connectSubmissions).values(connectRow()).returning();
    const marked = await post(`${CONNECTS}${row!.id}/mark-processed/`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: row!.id, first_name: 'Mary', is_processed: true });
    expect((await post(`${CONNECTS}${row!.id}/mark-processed/`)).body.is_processed).toBe(true);
    expect((await post(`${CONNECTS}${row!.id + 1000}/mark-processed/`)).status).toBe(404);

    // The Undo: the card is new again.
    const undone = await post(`${CONNECTS}${row!.id}/mark-unprocessed/`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ id: row!.id, is_processed: false });
    expect((await post(`${CONNECTS}${row!.id + 1000}/mark-unprocessed/`)).status).toBe(404);

    expect((await remove(`${CONNECTS}${row!.id}/`)).status).toBe(204);
    expect(await app.ctx.db.$count(connectSubmissions)).toBe(0);
    expect((await remove(`${CONNECTS}${row!.id}/`)).status).toBe(404);
  });
});
