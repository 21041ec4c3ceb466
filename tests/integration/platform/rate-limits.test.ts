import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_FORMS: '3' });
});
afterAll(() => app.close());

/**
 * The app trusts X-Forwarded-For from loopback, so each caller here gets a documentation-range
 * address of its own (a random start, then the next one): its count is this test's alone.
 */
let lastOctet = Math.floor(Math.random() * 200);
const visitorAddress = () => `203.0.113.${++lastOctet}`;

describe('visitor form limits', () => {
  it('refuses the fourth form from one address with 429 and Retry-After, while another address still gets through', async () => {
    const flooder = visitorAddress();
    const neighbour = visitorAddress();
    const email = `limit-${Date.now()}@example.org`;
    const contact = (address: string) =>
      app.call(
        'POST',
        '/api/contact/',
        { name: 'Busy Visitor', email, subject: 'Hello', message: 'Again' },
        { 'x-forwarded-for': address },
      );

    for (let i = 0; i < 3; i++) expect((await contact(flooder)).status).toBe(201);

    const refused = await contact(flooder);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds/) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);

    const stored = await app.ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
    expect(stored).toHaveLength(3);

    expect((await contact(neighbour)).status).toBe(201);
  });

  it('counts every visitor form together under the forms limit', async () => {
    const headers = { 'x-forwarded-for': visitorAddress() };
    const newsletter = await app.call('POST', '/api/newsletter/subscribe/', { email: 'a@example.org' }, headers);
    const giving = await app.call('POST', '/api/give/', { name: 'Ann', email: 'ann@example.org' }, headers);
    const connect = await app.call(
      'POST',
      '/api/connect/',
      { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org' },
      headers,
    );
    expect([newsletter.status, giving.status, connect.status]).toEqual([201, 201, 201]);
    const contact = await app.call(
      'POST',
      '/api/contact/',
      { name: 'Ann', email: 'ann@example.org', subject: 'Hi', message: 'Hello' },
      headers,
    );
    expect(contact.status).toBe(429);
  });

  it("counts a visitor's form before reading it: past the limit, even a body that is not JSON gets 429", async () => {
    const headers = { 'x-forwarded-for': visitorAddress() };
    const broken = () => app.call('POST', '/api/contact/', '{"name": "Ann", [[[', headers);
    for (let i = 0; i < 3; i++) expect((await broken()).status).toBe(400);
    const refused = await broken();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/^Too many requests\./) });
  });
});
