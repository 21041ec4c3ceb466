import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { startTestApp, type TestApp } from '../../support/app.js';
import { REQUIRED, BLANK, BAD_EMAIL, tooLong } from '../../support/field-messages.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
