import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../support/site.js';
import { subscribeConfirmed } from '../../support/campaigns.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const WAIT = { timeout: 20_000, interval: 200 };
const SUBSCRIBERS = ['ruth@example.org', 'boaz@example.org', 'naomi@example.org'];

describe('send emails', () => {
  it('sends a newsletter to three subscribers and shows its progress until all three are sent', async () => {
    for (const email of SUBSCRIBERS) await subscribeConfirmed(site.app, email, { origin: site.url });
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=emails');

    await page.getByLabel('Source').selectOption('newsletter');
    await page.getByLabel(/Select all/).check();
    await expect.poll(() => page.getByText('3 recipients selected').isVisible(), WAIT).toBe(true);
    await page.getByLabel('Subject').fill('Harvest supper this Sunday');
    await page
      .getByRole('textbox', { name: 'Content' })
      .fill('Dear friends,\nJoin us after the service for the harvest supper.');
    await page.getByRole('button', { name: 'Send Email' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Send email' });
    expect(await confirmation.getByText('Send this email to 3 recipients?').isVisible()).toBe(true);
    await confirmation.getByRole('button', { name: 'Send' }).click();

    await expect.poll(() => page.getByText('Email sent successfully!').isVisible(), WAIT).toBe(true);
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    const progress = page.getByRole('region', { name: 'Sending progress' });
    const sent = progress.locator('dt', { hasText: /^Sent$/ }).locator('xpath=following-sibling::dd');
    await expect.poll(() => sent.textContent(), WAIT).toBe('3');

    const delivered = site.smtp.received.filter((mail) => mail.subject === 'Harvest supper this Sunday');
    expect(delivered.flatMap((mail) => mail.envelopeTo).sort()).toEqual([...SUBSCRIBERS].sort());
    expect(delivered[0]!.html).toContain('harvest supper');
  });
});
