import { afterAll, beforeAll, expect, it } from 'vitest';
import { sidewaysOverflow, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

it.each([
  '/building-fund',
  '/qr-generator',
  '/sunday',
  '/admin/login',
  '/admin/dashboard',
  '/admin/dashboard?section=events',
  '/admin/dashboard?section=emails',
  '/admin/dashboard?section=gatherings',
  '/admin/contacts',
  '/admin/building-fund',
])('nothing on %s is wider than a phone screen', async (path) => {
  const page =
    path.startsWith('/admin/') && path !== '/admin/login'
      ? (await site.staffPage({ viewport: 'phone' })).page
      : await site.newPage({ viewport: 'phone' });
  expect(await sidewaysOverflow(page, path)).toBeLessThanOrEqual(0);
});
