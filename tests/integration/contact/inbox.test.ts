import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const CONTACTS = '/api/admin/contact-submissions/';

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
