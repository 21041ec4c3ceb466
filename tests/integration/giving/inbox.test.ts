import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const GIFTS = '/api/admin/giving-submissions/';

const get = (path: string) => app.call('GET', path, undefined, staff.headers);
const remove = (path: string) => app.call('DELETE', path, undefined, staff.headers);
const names = (answer: { body: { results: { name: string }[] } }) => answer.body.results.map((row) => row.name);

/** Distinct, known submission times: row n arrived n minutes after 09:00. */
const minute = (n: number) => new Date(Date.UTC(2026, 0, 10, 9, n));

const givingRow = (change: Partial<typeof givingSubmissions.$inferInsert> = {}) => ({
  name: 'Lydia',
  email: 'lydia@example.org',
  givingType: 'offering',
  ...change,
});

describe('giving inbox', () => {
  beforeEach(async () => {
    await app.ctx.db.delete(givingSubmissions);
  });

  it('answers 401 without a session', async () => {
    expect((await app.call('DELETE', `${GIFTS}1/`)).status).toBe(401);
  });

  it('lists gifts filtered by giving type, searched and sorted', async () => {
    await app.ctx.db
      .insert(givingSubmissions)
      .values([
        givingRow({ name: 'Lydia', givingType: 'tithe', createdAt: minute(1), message: 'Monthly tithe' }),
        givingRow({ name: 'Barnabas', email: 'barn@example.org', givingType: 'missions', createdAt: minute(2) }),
        givingRow({ name: 'Dorcas', givingType: 'tithe', createdAt: minute(3) }),
      ]);

    const all = await get(GIFTS);
    expect(names(all)).toEqual(['Dorcas', 'Barnabas', 'Lydia']);
    expect(all.body.results[2]).toEqual({
      id: expect.any(Number),
      name: 'Lydia',
      email: 'lydia@example.org',
      phone: '',
      giving_type: 'tithe',
      message: 'Monthly tithe',
      created_at: minute(1).toISOString(),
    });
    expect(names(await get(`${GIFTS}?giving_type=tithe`))).toEqual(['Dorcas', 'Lydia']);
    expect(names(await get(`${GIFTS}?search=BARN@`))).toEqual(['Barnabas']);
    expect(names(await get(`${GIFTS}?search=monthly`))).toEqual(['Lydia']);
  });

  it('sorts by name, e-mail and giving type', async () => {
    await app.ctx.db
      .insert(givingSubmissions)
      .values([
        givingRow({ name: 'Lydia', email: 'b@example.org', givingType: 'tithe', createdAt: minute(1) }),
        givingRow({ name: 'Barnabas', email: 'c@example.org', givingType: 'missions', createdAt: minute(2) }),
        givingRow({ name: 'Dorcas', email: 'a@example.org', givingType: 'building', createdAt: minute(3) }),
      ]);
    expect(names(await get(`${GIFTS}?ordering=name`))).toEqual(['Barnabas', 'Dorcas', 'Lydia']);
    expect(names(await get(`${GIFTS}?ordering=-email`))).toEqual(['Barnabas', 'Lydia', 'Dorcas']);
    expect(names(await get(`${GIFTS}?ordering=giving_type`))).toEqual(['Dorcas', 'Barnabas', 'Lydia']);
  });

  it('refuses an unknown giving type', async () => {
    const answer = await get(`${GIFTS}?giving_type=bitcoin`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ giving_type: [expect.stringContaining('"bitcoin" is not a valid choice')] });
  });

  it('deletes a gift notice', async () => {
    const [row] = await app.ctx.db.insert(givingSubmissions).values(givingRow()).returning();
    expect((await remove(`${GIFTS}${row!.id}/`)).status).toBe(204);
    expect(await app.ctx.db.$count(givingSubmissions)).toBe(0);
    expect((await remove(`${GIFTS}${row!.id}/`)).status).toBe(404);
  });
});
