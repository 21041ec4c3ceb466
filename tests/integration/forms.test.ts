import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '@gather/server/platform/database/schema/newsletters';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const REQUIRED = 'This field is required.';
const BLANK = 'This field may not be blank.';
const BAD_EMAIL = 'Enter a valid email address.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

const subscribersWith = (address: string) =>
  app.ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, address));

describe('newsletter subscription', () => {
  it('subscribes an address once, whatever its letter case, and thanks the visitor each time', async () => {
    const first = await app.call('POST', '/api/newsletter/subscribe/', { email: '  Grace.Hopper@Example.org ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Successfully subscribed to newsletter!' });

    const again = await app.call('POST', '/api/newsletter/subscribe/', { email: 'GRACE.HOPPER@example.ORG' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: 'Successfully subscribed to newsletter!' });

    const rows = await app.ctx.db.select().from(newsletterSubscribers);
    expect(rows.filter((row) => row.email.toLowerCase() === 'grace.hopper@example.org')).toHaveLength(1);
    expect(rows.find((row) => row.email === 'grace.hopper@example.org')?.unsubscribedAt).toBeNull();
  });

  it('subscribes a previously unsubscribed address again', async () => {
    await app.call('POST', '/api/newsletter/subscribe/', { email: 'left@example.org' });
    const leftAt = new Date('2025-01-01T10:00:00Z');
    await app.ctx.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: leftAt, subscribedAt: new Date('2024-06-01T10:00:00Z') })
      .where(eq(newsletterSubscribers.email, 'left@example.org'));

    const answer = await app.call('POST', '/api/newsletter/subscribe/', { email: 'Left@Example.org' });
    expect(answer.status).toBe(201);
    const rows = await subscribersWith('left@example.org');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.unsubscribedAt).toBeNull();
    expect(rows[0]!.subscribedAt.getTime()).toBeGreaterThan(leftAt.getTime());
  });

  it.each([
    [{}, REQUIRED],
    [{ email: null }, REQUIRED],
    [{ email: '   ' }, BLANK],
    [{ email: 'not-an-address' }, BAD_EMAIL],
    [{ email: 42 }, 'Must be text.'],
    [{ email: `${'a'.repeat(250)}@example.org` }, tooLong(254)],
  ])('refuses %j with a message under email', async (body, message) => {
    const before = await app.ctx.db.$count(newsletterSubscribers);
    const answer = await app.call('POST', '/api/newsletter/subscribe/', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ email: [message] });
    expect(await app.ctx.db.$count(newsletterSubscribers)).toBe(before);
  });

  it('answers a malformed JSON body with a 400 detail', async () => {
    const answer = await app.call('POST', '/api/newsletter/subscribe/', '{"email": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: expect.any(String) });
  });
});

describe('giving notification', () => {
  const gift = { name: 'Ada Lovelace', email: 'ada@example.org', phone: '020 7946 0000', giving_type: 'tithe' };

  it('keeps the notice, trimmed, and thanks the giver', async () => {
    const answer = await app.call('POST', '/api/give/', {
      ...gift,
      name: '  Ada Lovelace ',
      email: ' ADA@Example.org ',
      message: '  For the roof  ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      message: 'Thank you for your generous gift! A receipt has been sent to your email.',
    });
    const [row] = await app.ctx.db
      .select()
      .from(givingSubmissions)
      .where(eq(givingSubmissions.message, 'For the roof'));
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      phone: '020 7946 0000',
      givingType: 'tithe',
      message: 'For the roof',
    });
  });

  it('records an offering when no gift type is given, and accepts no phone or message', async () => {
    const answer = await app.call('POST', '/api/give/', { name: 'No Type', email: 'notype@example.org' });
    expect(answer.status).toBe(201);
    const [row] = await app.ctx.db.select().from(givingSubmissions).where(eq(givingSubmissions.name, 'No Type'));
    expect(row).toMatchObject({ givingType: 'offering', phone: '', message: '' });
  });

  it.each(['tithe', 'offering', 'missions', 'building', 'special', 'other'])(
    'accepts the gift type %s',
    async (type) => {
      const answer = await app.call('POST', '/api/give/', { ...gift, name: `Giver ${type}`, giving_type: type });
      expect(answer.status).toBe(201);
      const [row] = await app.ctx.db
        .select()
        .from(givingSubmissions)
        .where(eq(givingSubmissions.name, `Giver ${type}`));
      expect(row?.givingType).toBe(type);
    },
  );

  it.each([
    ['name', { name: undefined }, REQUIRED],
    ['name', { name: '   ' }, BLANK],
    ['name', { name: 'n'.repeat(101) }, tooLong(100)],
    ['email', { email: undefined }, REQUIRED],
    ['email', { email: '' }, BLANK],
    ['email', { email: 'ada@' }, BAD_EMAIL],
    ['giving_type', { giving_type: '' }, REQUIRED],
    [
      'giving_type',
      { giving_type: 'bitcoin' },
      '"bitcoin" is not a valid choice. Choose one of: tithe, offering, missions, building, special, other.',
    ],
    ['phone', { phone: '1'.repeat(31) }, tooLong(30)],
    ['message', { message: 'm'.repeat(5001) }, tooLong(5000)],
  ])('refuses a bad %s (%j)', async (field, change, message) => {
    const before = await app.ctx.db.$count(givingSubmissions);
    const answer = await app.call('POST', '/api/give/', { ...gift, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [field]: [message] });
    expect(await app.ctx.db.$count(givingSubmissions)).toBe(before);
  });
});

describe('connect card', () => {
  const card = { first_name: 'Mary', last_name: 'Seacole', email: 'mary@example.org' };

  it('keeps the card with its interests and thanks the visitor', async () => {
    const answer = await app.call('POST', '/api/connect/', {
      ...card,
      email: 'Mary@Example.org',
      phone: ' 07700 900123 ',
      interests: ["I'm new here", 'Prayer request', "I'm new here"],
      message: 'Please pray for my family.',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ message: "Thank you for connecting with us! We'll be in touch soon." });
    const [row] = await app.ctx.db.select().from(connectSubmissions).where(eq(connectSubmissions.firstName, 'Mary'));
    expect(row).toMatchObject({
      firstName: 'Mary',
      lastName: 'Seacole',
      email: 'mary@example.org',
      phone: '07700 900123',
      interests: ["I'm new here", 'Prayer request'],
      message: 'Please pray for my family.',
      isProcessed: false,
    });
  });

  it('accepts a card with only the required fields', async () => {
    const answer = await app.call('POST', '/api/connect/', { ...card, first_name: 'Only' });
    expect(answer.status).toBe(201);
    const [row] = await app.ctx.db.select().from(connectSubmissions).where(eq(connectSubmissions.firstName, 'Only'));
    expect(row).toMatchObject({ interests: [], phone: '', message: '' });
  });

  it.each([
    ['first_name', { first_name: undefined }, REQUIRED],
    ['first_name', { first_name: '  ' }, BLANK],
    ['last_name', { last_name: undefined }, REQUIRED],
    ['last_name', { last_name: '' }, BLANK],
    ['last_name', { last_name: 'l'.repeat(101) }, tooLong(100)],
    ['email', { email: undefined }, REQUIRED],
    ['email', { email: 'mary at example.org' }, BAD_EMAIL],
    [
      'interests',
      { interests: ['Volunteering', 'Bingo'] },
      '"Bingo" is not a valid choice. Choose any of: I\'m new here, Becoming a member, Volunteering, Prayer request.',
    ],
    ['interests', { interests: 'Volunteering' }, 'Must be a list of interests.'],
    ['message', { message: 'm'.repeat(5001) }, tooLong(5000)],
  ])('refuses a bad %s (%j)', async (field, change, message) => {
    const before = await app.ctx.db.$count(connectSubmissions);
    const answer = await app.call('POST', '/api/connect/', { ...card, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [field]: [message] });
    expect(await app.ctx.db.$count(connectSubmissions)).toBe(before);
  });

  it('names every missing field at once', async () => {
    const answer = await app.call('POST', '/api/connect/', {});
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ first_name: [REQUIRED], last_name: [REQUIRED], email: [REQUIRED] });
  });
});

describe('contact message', () => {
  const note = {
    name: 'Olaudah Equiano',
    email: 'olaudah@example.org',
    subject: 'Baptism',
    message: 'When is the next one?',
  };

  it('keeps the message unread and thanks the sender', async () => {
    const answer = await app.call('POST', '/api/contact/', {
      ...note,
      subject: '  Baptism  ',
      email: 'OLAUDAH@example.org',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ message: "Thank you for contacting us! We'll respond to your message soon." });
    const [row] = await app.ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.name, note.name));
    expect(row).toMatchObject({ ...note, phone: '', isRead: false });
  });

  it.each([
    ['name', { name: undefined }, REQUIRED],
    ['name', { name: ' ' }, BLANK],
    ['email', { email: undefined }, REQUIRED],
    ['email', { email: 'olaudah' }, BAD_EMAIL],
    ['subject', { subject: undefined }, REQUIRED],
    ['subject', { subject: '   ' }, BLANK],
    ['subject', { subject: 's'.repeat(201) }, tooLong(200)],
    ['message', { message: undefined }, REQUIRED],
    ['message', { message: '\n\t ' }, BLANK],
    ['message', { message: 'm'.repeat(5001) }, tooLong(5000)],
  ])('refuses a bad %s (%j)', async (field, change, message) => {
    const before = await app.ctx.db.$count(contactSubmissions);
    const answer = await app.call('POST', '/api/contact/', { ...note, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [field]: [message] });
    expect(await app.ctx.db.$count(contactSubmissions)).toBe(before);
  });
});
