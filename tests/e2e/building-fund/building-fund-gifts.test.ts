import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const WAIT = { timeout: 15_000, interval: 200 };
/** The visitor's page asks again on its own every 30 s; nobody reloads it. */
const REFRESHED = { timeout: 45_000, interval: 500 };

describe('gifts to the building fund', () => {
  it('staff record a gift on a pledge and a visitor sees the fund’s progress move', async () => {
    await site.app.ctx.db.insert(buildingFundPledges).values({
      firstName: 'Tomi',
      lastName: 'Adebayo',
      email: 'tomi@example.org',
      totalPledge: '500.00',
      currency: 'GBP',
      paymentType: 'partial',
      paymentAmount: '100.00',
      payByDate: '2030-06-30',
      paymentMethod: 'bank_transfer',
    });

    const { page: staff } = await site.staffPage();
    await staff.goto('/admin/building-fund');
    await staff.getByRole('navigation', { name: 'Building Fund' }).getByRole('link', { name: 'Goal' }).click();
    await staff.waitForURL(/\?tab=goal$/);
    const settings = staff.getByRole('region', { name: 'Fund goal' });
    await settings.getByLabel('Goal in GBP').fill('1000');
    await settings.getByLabel('Show the progress on the building fund and home pages').check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => staff.getByText('Fund goal saved').isVisible(), WAIT).toBe(true);

    const visitor = await site.newPage();
    await visitor.goto('/building-fund');
    const bar = visitor.getByRole('progressbar', { name: 'Building fund in GBP' });
    await expect
      .poll(() => bar.getAttribute('aria-valuetext'), WAIT)
      .toBe('0%: £0.00 received of £1,000.00 goal; £500.00 pledged');

    await staff.getByRole('navigation', { name: 'Building Fund' }).getByRole('link', { name: 'Pledges' }).click();
    const row = staff.getByRole('row', { name: /Tomi Adebayo/ });
    await staff.getByRole('button', { name: 'View Tomi Adebayo' }).click();
    const details = staff.getByRole('dialog', { name: 'Tomi Adebayo' });
    await details.getByLabel('Amount').fill('250.50');
    await details.getByLabel('Method').selectOption('standing_order');
    await details.getByLabel('Reference').fill('SO TOMI');
    await details.getByRole('button', { name: 'Record gift' }).click();

    const fact = (label: string) => details.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    await expect.poll(() => fact('Paid').textContent(), WAIT).toBe('£250.50');
    expect(await fact('Remaining balance').textContent()).toBe('£249.50');
    // The list of gifts is its own answer, drawn after or before the pledge's figures.
    await expect.poll(() => details.getByRole('cell', { name: 'SO TOMI' }).isVisible(), WAIT).toBe(true);
    await expect.poll(() => row.getByRole('cell', { name: '£249.50' }).isVisible(), WAIT).toBe(true);

    await expect.poll(() => bar.getAttribute('aria-valuenow'), REFRESHED).toBe('25');
    expect(await visitor.getByRole('definition').filter({ hasText: '£250.50' }).isVisible()).toBe(true);

    // The rest is paid: the details offer to complete the pledge.
    await details.getByLabel('Amount').fill('249.50');
    await details.getByRole('button', { name: 'Record gift' }).click();
    await expect.poll(() => details.getByText('Fully paid — mark as completed?').isVisible(), WAIT).toBe(true);
    await details.getByRole('button', { name: 'Mark as completed' }).click();
    await expect.poll(() => details.getByLabel('Status').inputValue(), WAIT).toBe('completed');
  }, 120_000);
});
