import { readFile } from 'node:fs/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const WAIT = { timeout: 15_000, interval: 200 };

function pledge(firstName: string, paymentType: 'full' | 'partial', payByDate = '2030-06-30') {
  return {
    firstName,
    lastName: 'Adebayo',
    email: `${firstName.toLowerCase()}@example.org`,
    totalPledge: '500.00',
    currency: 'GBP',
    paymentType,
    paymentAmount: paymentType === 'full' ? '500.00' : '100.00',
    payByDate,
    paymentMethod: 'bank_transfer',
  };
}

describe('building fund pledges', () => {
  it('filters pledges, confirms them in bulk and exports the filtered list', async () => {
    const stored = await site.app.ctx.db
      .insert(buildingFundPledges)
      .values([pledge('Tomi', 'partial'), pledge('Kemi', 'partial', '2020-01-31'), pledge('Femi', 'full')])
      .returning({ id: buildingFundPledges.id, firstName: buildingFundPledges.firstName });
    const idOf = (name: string) => stored.find((row) => row.firstName === name)!.id;

    const { page } = await site.staffPage();
    await page.goto('/admin/building-fund');
    await expect.poll(() => page.getByText('£1,500.00 / $0.00').isVisible(), WAIT).toBe(true);
    // The totals and the table are separate answers: either may be drawn first.
    await expect.poll(() => page.getByRole('row', { name: /Kemi/ }).getByText('Overdue').isVisible(), WAIT).toBe(true);

    await page.getByLabel('Payment type').selectOption('partial');
    await expect.poll(() => page.getByRole('row', { name: /Femi/ }).count(), WAIT).toBe(0);
    expect(await page.getByText('Showing 1 to 2 of 2 donations').isVisible()).toBe(true);

    await page.getByLabel('Select all donations on this page').check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: 'Mark confirmed' }).click();
    await expect.poll(() => page.getByText('2 donations updated').isVisible(), WAIT).toBe(true);
    const statuses = await site.app.ctx.db
      .select({ id: buildingFundPledges.id, status: buildingFundPledges.paymentStatus })
      .from(buildingFundPledges)
      .where(inArray(buildingFundPledges.id, [idOf('Tomi'), idOf('Kemi'), idOf('Femi')]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [idOf('Tomi')]: 'confirmed',
      [idOf('Kemi')]: 'confirmed',
      [idOf('Femi')]: 'pending',
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('tomi@example.org');
    expect(csv).toContain('kemi@example.org');
    expect(csv).not.toContain('femi@example.org');
  });
});
