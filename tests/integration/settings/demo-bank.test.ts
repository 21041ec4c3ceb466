import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { stExample } from '../../support/church-settings.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://stexample.org',
    UNSUBSCRIBE_SECRET: 'a-long-enough-secret-for-the-test-site-0123',
  });
});
afterAll(() => app?.close());

it('never shows a demo bank detail on a live site once any real one is set', async () => {
  // Nothing real yet: the demo details, whole, so that a new site's give page is not half empty.
  expect((await app.call('GET', '/api/site/')).body.bank).toEqual({
    account_name: 'Gather Church',
    bank_name: 'Barclays Bank',
    sort_code: '20-00-00',
    account_number: '12345678',
  });
  await app.ctx.church.save({
    ...stExample,
    bank_account_name: 'Gather Church',
    bank_name: 'Barclays Bank',
    bank_sort_code: '20-00-00',
    bank_account_number: '87654321',
  });
  app.publicCache.changed();
  expect((await app.call('GET', '/api/site/')).body.bank).toEqual({
    account_name: '',
    bank_name: '',
    sort_code: '',
    account_number: '87654321',
  });
});
