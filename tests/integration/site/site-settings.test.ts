import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    CHURCH_NAME: 'St Example',
    BANK_SORT_CODE: '11-22-33',
    CHURCH_EMAIL_DOMAIN: 'stexample.org',
    INSTAGRAM_URL: 'https://instagram.com/stexample',
  });
});
afterAll(() => app?.close());

it("serves the church's own details from its settings, for every visitor", async () => {
  const answer = await app.call('GET', '/api/site/');
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    church_name: 'St Example',
    email: 'office@stexample.org',
    bank: { sort_code: '11-22-33' },
    social: { instagram: 'https://instagram.com/stexample', facebook: null },
    email_domain: 'stexample.org',
    default_sender: { email: 'no-reply@stexample.org', name: 'St Example' },
  });
});
