import { afterAll, beforeAll, expect, it } from 'vitest';
import { firstLoadScripts, kb, publicPagePaths } from '../../support/page-weight.js';
import { startTestSite, type TestSite } from '../../support/site.js';

/** The budget for what a phone downloads before a public page works. */
const FIRST_LOAD_JS_BUDGET = 150 * 1024;

let site: TestSite;
let pages: string[];
beforeAll(async () => {
  site = await startTestSite();
  pages = await publicPagePaths(site.app.ctx.db);
});
afterAll(() => site?.close());

it('holds every public page to 150 KB of compressed JavaScript first, none of it staff code', async () => {
  const overBudget: string[] = [];
  for (const path of pages) {
    // A fresh profile each time: a script cached by an earlier page would count as nothing.
    const scripts = await firstLoadScripts(await site.newPage({ viewport: 'phone' }), path);
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    expect(scripts.size, path).toBeGreaterThan(0);
    if (total > FIRST_LOAD_JS_BUDGET) overBudget.push(`${path}: ${kb(total)} KB`);
    expect(
      [...scripts.keys()].filter((url) => /Staff|Dashboard|Moderator|PledgesPage|Section|Login/.test(url)),
      path,
    ).toEqual([]);
  }
  expect(overBudget).toEqual([]);
}, 120_000);
