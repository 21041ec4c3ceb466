import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestApp, type TestApp } from '../../support/app.js';
import { REQUIRED, BLANK, BAD_EMAIL, tooLong } from '../../support/field-messages.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
