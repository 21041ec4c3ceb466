import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { startTestApp, type TestApp } from '../../support/app.js';
import { REQUIRED, BLANK, BAD_EMAIL, tooLong } from '../../support/field-messages.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
