import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { signInAsStaff } from '../../support/staff.js';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const WAIT = { timeout: 20_000, interval: 200 };

async function sendContact(email: string, tick: boolean) {
  const page = await site.newPage();
  await page.goto('/contact');
  const box = page.getByLabel("Send me the church's newsletter");
  expect(await box.isChecked()).toBe(false);
  await page.getByLabel(/^Name/).fill('Dorcas Tabitha');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Subject/).fill('Sewing group');
  await page.getByLabel(/^Message/).fill('When does the sewing group meet?');
  if (tick) await box.check();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect
    .poll(() => page.getByText("Thank you for contacting us! We'll respond to your message soon.").isVisible(), WAIT)
    .toBe(true);
}

describe('consent and people', () => {
  it('records consent only when the visitor ticks the newsletter box, pending until they confirm it', async () => {
    await sendContact('dorcas@example.org', true);
    await sendContact('joppa@example.org', false);
    const staff = await signInAsStaff(site.app);
    const consentsOf = async (email: string) =>
      (await site.app.call('GET', `/api/admin/people/export/?email=${email}`, undefined, staff.headers)).body.consents;
    expect(await consentsOf('dorcas@example.org')).toEqual([
      expect.objectContaining({ source: 'contact', status: 'pending', confirmed_at: null }),
    ]);
    expect(await consentsOf('joppa@example.org')).toEqual([]);
    // Until confirmed from the mailbox, the newsletter list counts nobody as agreeing.
    const answer = await site.app.call('GET', '/api/admin/email/recipients/', undefined, staff.headers);
    const consent = Object.fromEntries(
      answer.body.recipients.map((row: { email: string; consent: boolean }) => [row.email, row.consent]),
    );
    expect(consent).toEqual({ 'dorcas@example.org': false, 'joppa@example.org': false });
  });

  it('finds a person on the People page, exports their data and erases it after the address is typed', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=people');
    await page.getByLabel('Email address').fill('Dorcas@Example.org');
    await page.getByRole('button', { name: 'Find' }).click();
    const contact = page.getByRole('region', { name: 'Contact messages' });
    await expect.poll(() => contact.getByText('When does the sewing group meet?').isVisible(), WAIT).toBe(true);
    expect(await page.getByRole('region', { name: 'Consents' }).textContent()).toContain('Given on the contact form');
    expect(await page.getByRole('region', { name: 'Consents' }).textContent()).toContain('not yet confirmed');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export as JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('person-dorcas@example.org.json');
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported).toMatchObject({
      email: 'dorcas@example.org',
      contact_submissions: [{ name: 'Dorcas Tabitha', subject: 'Sewing group' }],
      consents: [{ source: 'contact', status: 'pending', confirmed_at: null, withdrawn_at: null }],
    });

    await page.getByRole('button', { name: 'Erase this person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person' });
    const erase = dialog.getByRole('button', { name: 'Erase' });
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the address to confirm').fill('dorcas@example.org');
    await erase.click();
    await expect
      .poll(
        () => page.getByText('Everything held about dorcas@example.org was removed or anonymised.').isVisible(),
        WAIT,
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Nothing is held about dorcas@example.org').isVisible(), WAIT).toBe(true);
    const left = await site.app.ctx.db.select().from(contactSubmissions);
    expect(left.map((row) => row.email)).toEqual(['joppa@example.org']);
  });
});
