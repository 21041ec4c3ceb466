import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { startTestApp, type TestApp } from '../support/app.js';
import { signInAsStaff, type Staff } from '../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const CONTACTS = '/api/admin/contact-submissions/';
const CONNECTS = '/api/admin/connect-submissions/';
const GIFTS = '/api/admin/giving-submissions/';

const get = (path: string) => app.call('GET', path, undefined, staff.headers);
const post = (path: string) => app.call('POST', path, undefined, staff.headers);
const remove = (path: string) => app.call('DELETE', path, undefined, staff.headers);
const names = (answer: { body: { results: { name: string }[] } }) => answer.body.results.map((row) => row.name);

/** Distinct, known submission times: row n arrived n minutes after 09:00. */
const minute = (n: number) => new Date(Date.UTC(2026, 0, 10, 9, n));

const contactRow = (change: Partial<typeof contactSubmissions.$inferInsert> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'Hello',
  message: 'A question about Sunday',
  ...change,
});

describe('contact inbox', () => {
  beforeEach(async () => {
    await app.ctx.db.delete(contactSubmissions);
  });

  it('answers 401 without a session', async () => {
    const answer = await app.call('GET', CONTACTS);
    expect(answer.status).toBe(401);
  });

  it('pages newest first: page 2 of 25 holds rows 11 to 20, with links to its neighbours', async () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    await app.ctx.db
      .insert(contactSubmissions)
      .values(Array.from({ length: 25 }, (_, i) => contactRow({ name: `Person ${pad(i + 1)}`, createdAt: minute(i) })));

    const answer = await get(`${CONTACTS}?page=2&page_size=10`);
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(25);
    // Newest first: the 11th newest is Person 15, the 20th newest Person 06.
    expect(names(answer)).toEqual(Array.from({ length: 10 }, (_, i) => `Person ${pad(15 - i)}`));
    expect(answer.body.next).toBe(`${CONTACTS}?page=3&page_size=10`);
    expect(answer.body.previous).toBe(`${CONTACTS}?page=1&page_size=10`);

    const first = await get(CONTACTS);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Person 25',
      email: 'ada@example.org',
      phone: '',
      subject: 'Hello',
      message: 'A question about Sunday',
      is_read: false,
      created_at: minute(24).toISOString(),
    });
    expect(first.body.previous).toBeNull();

    const last = await get(`${CONTACTS}?page=3`);
    expect(names(last)).toEqual(['Person 05', 'Person 04', 'Person 03', 'Person 02', 'Person 01']);
    expect(last.body.next).toBeNull();
  });

  it.each([
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['page_size=101', 'page_size'],
    ['is_read=maybe', 'is_read'],
    ['ordering=password', 'ordering'],
  ])('refuses %s with a message under %s', async (query, field) => {
    const answer = await get(`${CONTACTS}?${query}`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual([field]);
    expect(answer.body[field]).toEqual([expect.any(String)]);
  });

  it('searches name, e-mail, subject and message ignoring case, and takes % and _ literally', async () => {
    await app.ctx.db
      .insert(contactSubmissions)
      .values([
        contactRow({ name: 'Grace Hopper', email: 'grace@example.org', createdAt: minute(1) }),
        contactRow({ name: 'Alan', email: 'alan@navy.example', createdAt: minute(2) }),
        contactRow({ name: 'Subject match', subject: 'Roof REPAIRS', createdAt: minute(3) }),
        contactRow({ name: 'Percent', message: 'We raised 100% of it', createdAt: minute(4) }),
        contactRow({ name: 'Thousand', message: 'We raised 1000 pounds', createdAt: minute(5) }),
        contactRow({ name: 'Underscore', message: 'see file a_b', createdAt: minute(6) }),
        contactRow({ name: 'Lookalike', message: 'see file axb', createdAt: minute(7) }),
      ]);

    expect(names(await get(`${CONTACTS}?search=GRACE`))).toEqual(['Grace Hopper']);
    expect(names(await get(`${CONTACTS}?search=NAVY.example`))).toEqual(['Alan']);
    expect(names(await get(`${CONTACTS}?search=repairs`))).toEqual(['Subject match']);
    expect(names(await get(`${CONTACTS}?search=${encodeURIComponent('100%')}`))).toEqual(['Percent']);
    expect(names(await get(`${CONTACTS}?search=a_b`))).toEqual(['Underscore']);
    const none = await get(`${CONTACTS}?search=nobody`);
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('keeps the search and filter in the next link', async () => {
    await app.ctx.db
      .insert(contactSubmissions)
      .values(Array.from({ length: 3 }, (_, i) => contactRow({ name: `Reader ${i}`, createdAt: minute(i) })));
    const answer = await get(`${CONTACTS}?search=reader&is_read=false&page_size=2`);
    expect(answer.body.count).toBe(3);
    expect(answer.body.next).toBe(`${CONTACTS}?search=reader&is_read=false&page_size=2&page=2`);
  });

  it('filters by read and unread', async () => {
    await app.ctx.db
      .insert(contactSubmissions)
      .values([
        contactRow({ name: 'Read one', isRead: true, createdAt: minute(1) }),
        contactRow({ name: 'Unread one', createdAt: minute(2) }),
        contactRow({ name: 'Unread two', createdAt: minute(3) }),
      ]);
    expect(names(await get(`${CONTACTS}?is_read=true`))).toEqual(['Read one']);
    expect(names(await get(`${CONTACTS}?is_read=false`))).toEqual(['Unread two', 'Unread one']);
  });

  it('sorts by each shown column, ascending or descending', async () => {
    await app.ctx.db
      .insert(contactSubmissions)
      .values([
        contactRow({ name: 'bea', email: 'z@example.org', subject: 'Middle', createdAt: minute(1) }),
        contactRow({ name: 'Cal', email: 'a@example.org', subject: 'Zebra', createdAt: minute(2) }),
        contactRow({ name: 'Abe', email: 'm@example.org', subject: 'apple', createdAt: minute(3) }),
      ]);
    expect(names(await get(`${CONTACTS}?ordering=name`))).toEqual(['Abe', 'bea', 'Cal']);
    expect(names(await get(`${CONTACTS}?ordering=-name`))).toEqual(['Cal', 'bea', 'Abe']);
    expect(names(await get(`${CONTACTS}?ordering=email`))).toEqual(['Cal', 'Abe', 'bea']);
    expect(names(await get(`${CONTACTS}?ordering=-subject`))).toEqual(['Cal', 'bea', 'Abe']);
    expect(names(await get(`${CONTACTS}?ordering=created_at`))).toEqual(['bea', 'Cal', 'Abe']);
    expect(names(await get(CONTACTS))).toEqual(['Abe', 'Cal', 'bea']);
  });

  it('marks a message read, one way only, answering the message', async () => {
    const [row] = await app.ctx.db.insert(contactSubmissions).values(contactRow()).returning();
    const answer = await post(`${CONTACTS}${row!.id}/mark-read/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: row!.id, name: 'Ada Lovelace', is_read: true });
    const again = await post(`${CONTACTS}${row!.id}/mark-read/`);
    expect(again.body.is_read).toBe(true);
    const [stored] = await app.ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, row!.id));
    expect(stored!.isRead).toBe(true);

    expect((await post(`${CONTACTS}${row!.id + 1000}/mark-read/`)).status).toBe(404);
    expect((await post(`${CONTACTS}abc/mark-read/`)).body).toEqual({ detail: 'Not found.' });
  });

  it('marks a read message unread again, for the Undo after marking it read', async () => {
    const [row] = await app.ctx.db
      .insert(contactSubmissions)
      .values(contactRow({ isRead: true }))
      .returning();
    expect((await app.call('POST', `${CONTACTS}${row!.id}/mark-unread/`)).status).toBe(401);

    const answer = await post(`${CONTACTS}${row!.id}/mark-unread/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: row!.id, is_read: false });
    expect((await get(`${CONTACTS}?is_read=false`)).body.count).toBe(1);
    expect((await post(`${CONTACTS}${row!.id + 1000}/mark-unread/`)).status).toBe(404);
  });

  it('deletes a message; a second delete is a 404', async () => {
    const [row] = await app.ctx.db.insert(contactSubmissions).values(contactRow()).returning();
    const answer = await remove(`${CONTACTS}${row!.id}/`);
    expect(answer.status).toBe(204);
    expect(await app.ctx.db.$count(contactSubmissions)).toBe(0);
    expect((await remove(`${CONTACTS}${row!.id}/`)).status).toBe(404);
  });
});

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
