import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '@gather/server/platform/database/schema/newsletters';
import { startTestApp, type TestApp } from '../../support/app.js';
import { REQUIRED, BLANK, BAD_EMAIL, tooLong } from '../../support/field-messages.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
