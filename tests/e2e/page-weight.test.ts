import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../support/site.js';

/** The budget for what a phone downloads before a public page works. */
const FIRST_LOAD_JS_BUDGET = 200 * 1024;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

it.each(['/', '/events', '/media', '/building-fund', '/qr-generator'])(
  'sends at most 200 KB of compressed JavaScript on %s, none of it staff code',
  async (path) => {
    const page = await site.newPage({ viewport: 'phone' });
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      // The bytes really sent: the server must compress them, as the budget is for compressed code.
      scripts.set(response.url(), (await response.request().sizes()).responseBodySize);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
    expect(
      [...scripts.keys()].filter((url) => /Staff|Dashboard|Moderator|PledgesPage|Section|Login/.test(url)),
    ).toEqual([]);
  },
);
