import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@gather/server/platform/local-services/free-port';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { seedDemoContent } from '@gather/server/seed/seed';
import { startPeerApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
let peer: TestApp;
/** The church's one staff account so far, signed in: the checklist's "first staff account" is added by it. */
let page: Page;

beforeAll(async () => {
  // The site's own address in PUBLIC_URL, as a church puts it there: the checklist's last step is done by it.
  const port = await freePort();
  site = await startTestSite({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CHURCH_EMAIL_DOMAIN: 'stexample.org',
  });
  await seedDemoContent(site.app.ctx);
  // A second API process of the same site, as behind a load balancer.
  peer = await startPeerApp(site.app, { PORT: 0 });
  ({ page } = await site.staffPage());
});
afterAll(async () => {
  await peer?.close();
  await site?.close();
});

const stepDone = (page: Page, step: string) => page.locator(`[data-step="${step}"]`).getAttribute('data-done', SLOW);

/** The page's text once it shows `wanted`: a public page kept by another process is replaced a moment after a save. */
async function pageShowing(page: Page, url: string, wanted: string[]): Promise<string> {
  return eventually(
    async () => {
      await page.goto(url);
      // The text as drawn, whether or not a section has scrolled into view yet.
      const text = (await page.locator('body').textContent()) ?? '';
      return wanted.every((value) => text.includes(value)) && text;
    },
    `${url} showing ${wanted.join(', ')}`,
  );
}

describe('a new church sets itself up in the console', () => {
  it('changes its phone and bank details, seen on every page, in both processes and the next receipt', async () => {
    const visitor = await site.newPage();
    // Both processes have drawn the give page with the demo details before the change.
    for (const url of [`${site.url}/give`, `${peer.url}/give`]) await pageShowing(visitor, url, ['20-00-00']);

    await page.goto('/admin/dashboard');
    // The console's first load on a busy machine: its chunks, who is signed in, then the checklist.
    await page.getByRole('heading', { name: 'Getting started' }).waitFor({ timeout: 30_000 });
    expect(await stepDone(page, 'bank_details')).toBe('false');
    expect(await stepDone(page, 'public_url')).toBe('true');

    await page.getByRole('link', { name: 'Open Settings' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(SLOW);
    await page.getByLabel(/^Church name/).fill('St Example Parish Church');
    await page.getByLabel(/^Address/).fill('1 Church Lane, Exampleton EX1 2AB');
    await page.getByLabel(/^Phone/).fill('01234 999000');
    await page.getByLabel(/^Account name/).fill('PCC of St Example');
    await page.getByLabel(/^Sort code/).fill('309950');
    await page.getByLabel(/^Account number/).fill('87654321');
    await page.getByLabel(/^Service times/).fill('Sunday 9:30 AM: Family Service\nThursday 7:00 PM: Compline');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    // The server's own word, under its field.
    await page.getByText('Enter the sort code as six digits in pairs, e.g. 20-00-00.').waitFor(SLOW);

    await page.getByLabel(/^Sort code/).fill('30-99-50');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved: the site shows them now.').waitFor(SLOW);

    for (const url of [`${site.url}/give`, `${peer.url}/give`]) {
      const give = await pageShowing(visitor, url, ['30-99-50', '87654321', 'PCC of St Example']);
      expect(give).not.toContain('20-00-00');
      // The footer, on every public page.
      expect(give).toContain('01234 999000');
      expect(give).toContain('Thursday 7:00 PM: Compline');
    }
    await pageShowing(visitor, `${peer.url}/contact`, ['01234 999000', '1 Church Lane, Exampleton EX1 2AB']);

    const given = await site.app.call('POST', '/api/give/', { name: 'Ada', email: 'ada@example.org' });
    expect(given.status).toBe(201);
    const receipt = await eventually(async () => site.smtp.to('ada@example.org')[0], 'the receipt');
    for (const shown of ['30-99-50', '87654321', 'PCC of St Example', '01234 999000']) {
      expect(receipt.text).toContain(shown);
    }
  }, 180_000);

  it('goes from an empty checklist to a complete one through the console alone', async () => {
    await page.goto('/admin/dashboard?section=settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(SLOW);
    await page.getByRole('radio', { name: /church’s contact address/ }).check();
    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    await page.getByText(/The mail server answered: 250/).waitFor(SLOW);

    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Getting started' }).waitFor(SLOW);
    expect(await stepDone(page, 'church_details')).toBe('true');
    expect(await stepDone(page, 'test_email')).toBe('true');
    expect(await stepDone(page, 'staff_account_added')).toBe('false');
    await page.getByRole('button', { name: 'Remove demo content' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove demo content' }).click();
    await page.getByText(/Demo content removed/).waitFor(SLOW);
    await page.locator('[data-step="demo_content_removed"][data-done="true"]').waitFor({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Open Staff Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff Accounts' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByLabel(/^Username/).fill(`warden_${randomBytes(3).toString('hex')}`);
    await page.getByRole('checkbox', { name: /^Content/ }).check();
    await page.getByRole('button', { name: 'Add account' }).last().click();
    await page.getByRole('button', { name: 'Done' }).click();

    const checked = page.waitForResponse((answer) => answer.url().endsWith('/api/admin/settings/checklist/'));
    await page.goto('/admin/dashboard');
    expect(await (await checked).json()).toMatchObject({ complete: true });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
    // Every step done: the checklist is gone, and so is every demo sermon.
    expect(await page.getByRole('heading', { name: 'Getting started' }).count()).toBe(0);
    const [left] = await site.app.ctx.db.select({ n: count() }).from(sermons);
    expect(left!.n).toBe(0);
  }, 180_000);
});
