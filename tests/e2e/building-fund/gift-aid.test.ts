import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftAidDeclarations, gifts } from '@gather/server/platform/database/schema/building-fund';
import { todayIn } from '@gather/contracts';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const declarationsOf = (email: string) =>
  site.app.ctx.db.select().from(giftAidDeclarations).where(eq(giftAidDeclarations.email, email));

describe('Gift Aid', () => {
  it('asks for the address only once the box is ticked, and refuses a declaration without a postcode', async () => {
    const page = await site.newPage();
    await page.goto('/building-fund');
    await page.getByLabel(/^First Name/).fill('Ada');
    await page.getByLabel(/^Last Name/).fill('Lovelace');
    await page.getByLabel(/^Email/).fill('ada.giftaid@example.org');
    await page.getByLabel(/^Total Pledge/).fill('200');
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();

    expect(await page.getByLabel(/^Postcode/).count()).toBe(0);
    const box = page.getByRole('checkbox', { name: /^I want to Gift Aid my donation/ });
    await expect.poll(() => box.isChecked()).toBe(false);
    // Ticked from the keyboard; the address fields follow it in the tab order.
    await box.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Mrs');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12');
    expect(await page.getByLabel(/^House name or number/).inputValue()).toBe('12');
    expect(await page.getByLabel(/^Title/).inputValue()).toBe('Mrs');

    await page.getByRole('button', { name: 'Submit Pledge' }).click();
    const postcode = page.getByLabel(/^Postcode/);
    await expect.poll(() => postcode.getAttribute('aria-invalid')).toBe('true');
    const errorId = await postcode.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('This field is required.');
    expect(await declarationsOf('ada.giftaid@example.org')).toEqual([]);

    await postcode.fill('n1 9gu');
    await page.getByRole('button', { name: 'Submit Pledge' }).click();
    await page.getByRole('dialog', { name: 'Thank You' }).waitFor();
    const [declaration] = await declarationsOf('ada.giftaid@example.org');
    expect(declaration).toMatchObject({
      title: 'Mrs',
      firstName: 'Ada',
      lastName: 'Lovelace',
      houseNameOrNumber: '12',
      postcode: 'N1 9GU',
      declaredOn: todayIn('Europe/London'),
      source: 'building_fund',
    });
  });

  it('lets staff prepare a claim and download its part for HMRC', async () => {
    const today = todayIn('Europe/London');
    await site.app.ctx.db.insert(gifts).values({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.giftaid@example.org',
      amount: '200.00',
      receivedOn: today,
      method: 'bank_transfer',
    });
    const { page } = await site.staffPage();
    await page.goto('/admin/building-fund?tab=gift-aid');
    const section = page.getByRole('region', { name: 'Gift Aid' });
    await section.getByLabel(/^Gifts received from/).fill(today);
    await section.getByLabel(/^To/).fill(today);
    await section.getByRole('button', { name: 'Prepare claim' }).click();
    const part = section.getByRole('link', { name: 'Part 1 (CSV)' });
    await part.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), part.click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const [year, month, day] = today.split('-') as [string, string, string];
    expect(csv.trimEnd().split(/\r?\n/)[1]).toBe(
      `Mrs,Ada,Lovelace,12,N1 9GU,,,${day}/${month}/${year.slice(2)},200.00`,
    );
  });
});
