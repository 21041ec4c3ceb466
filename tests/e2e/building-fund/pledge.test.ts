import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { todayIn } from '@gather/contracts';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const pledgesBy = (email: string) =>
  site.app.ctx.db.select().from(buildingFundPledges).where(eq(buildingFundPledges.email, email));

async function fillDonor(page: Page, lastName: string, email: string) {
  await page.getByLabel(/^First Name/).fill('Ada');
  await page.getByLabel(/^Last Name/).fill(lastName);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill('020 7946 0000');
}

describe('the building fund pledge form', () => {
  it('stores a full pledge at its total, and thanks the donor by e-mail address', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/building-fund');
    await fillDonor(page, 'Lovelace', 'ada.full@example.org');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByLabel(/^Total Pledge/).fill('1250.5');
    await page.getByRole('radio', { name: 'Full Payment' }).check();
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await page.getByRole('button', { name: 'Submit Pledge' }).click();

    const thanks = page.getByRole('dialog', { name: 'Thank You' });
    await thanks.getByText('ada.full@example.org').waitFor();
    const [pledge] = await pledgesBy('ada.full@example.org');
    expect(pledge).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      totalPledge: '1250.50',
      paymentType: 'full',
      paymentAmount: '1250.50',
      paymentMethod: 'bank_transfer',
      currency: 'GBP',
      payByDate: await page.getByLabel(/^Pay By Date/).inputValue(),
    });

    await thanks.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => page.getByLabel(/^First Name/).inputValue(), SLOW).toBe('');
  });

  it('stores a partial pledge in dollars with the amount paid now, after showing the balance', async () => {
    const page = await site.newPage();
    await page.goto('/building-fund');
    await fillDonor(page, 'Byron', 'ada.partial@example.org');
    await page.getByLabel(/^Currency/).selectOption('USD');
    await page.getByLabel(/^Total Pledge/).fill('500');
    await page.getByRole('radio', { name: 'Partial Payment' }).check();
    await page.getByLabel(/^Amount to Pay Now/).fill('120.25');
    await expect.poll(() => page.getByText(/Remaining balance/).textContent(), SLOW).toBe('Remaining balance: $379.75');
    await page.getByRole('radio', { name: 'In Person' }).check();
    await page.getByRole('button', { name: 'Submit Pledge' }).click();

    await page.getByRole('dialog', { name: 'Thank You' }).waitFor();
    const [pledge] = await pledgesBy('ada.partial@example.org');
    expect(pledge).toMatchObject({
      totalPledge: '500.00',
      currency: 'USD',
      paymentType: 'partial',
      paymentAmount: '120.25',
      paymentMethod: 'in_person',
    });
  });

  it("shows the server's refusal under the pay-by date when the visitor's clock is behind the church's", async () => {
    const page = await site.newPage();
    // The visitor's calendar is three days behind: their "today" lets through a day the church has already passed.
    await page.clock.setFixedTime(new Date(Date.now() - 3 * DAY_MS));
    await page.goto('/building-fund');
    await fillDonor(page, 'Babbage', 'ada.late@example.org');
    await page.getByLabel(/^Total Pledge/).fill('40');
    const yesterday = todayIn('Europe/London', new Date(Date.now() - DAY_MS));
    await page.getByLabel(/^Pay By Date/).fill(yesterday);
    await page.getByRole('button', { name: 'Submit Pledge' }).click();

    const payBy = page.getByLabel(/^Pay By Date/);
    await expect.poll(() => payBy.getAttribute('aria-invalid'), SLOW).toBe('true');
    const errorId = await payBy.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('Pay-by date cannot be in the past.');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await pledgesBy('ada.late@example.org')).toEqual([]);
  });
});
