import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../support/site.js';
import { subscribeConfirmed } from '../../support/campaigns.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const WAIT = { timeout: 20_000, interval: 200 };
const SUBJECT = 'Advent newsletter';
const TESTER = 'pastor@example.org';

describe('a newsletter drafted over two visits', () => {
  it('is saved as it is written, opened again, previewed, tested and sent', async () => {
    await subscribeConfirmed(site.app, 'ruth@example.org', { origin: site.url });
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=emails');

    await page.getByLabel('Source').selectOption('newsletter');
    await page.getByLabel(/Select all/).check();
    await page.getByLabel('Subject').fill(SUBJECT);
    await page.getByRole('textbox', { name: 'Content' }).fill('Carols on the green at 6pm.\nMince pies after.');
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /^Saved$/ })
            .isVisible(),
        WAIT,
      )
      .toBe(true);
    expect(page.url()).toMatch(/draft=\d+/);

    // The volunteer leaves, comes back another day and opens the draft from the list.
    await page.goto('/admin/dashboard');
    await page.goto('/admin/dashboard?section=emails');
    const row = page.getByRole('row').filter({ hasText: SUBJECT });
    await expect.poll(() => row.getByText('Draft', { exact: true }).isVisible(), WAIT).toBe(true);
    await row.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByLabel('Subject').inputValue(), WAIT).toBe(SUBJECT);
    expect(await page.getByRole('textbox', { name: 'Content' }).inputValue()).toBe(
      'Carols on the green at 6pm.\nMince pies after.',
    );
    await expect.poll(() => page.getByText('1 recipient selected').isVisible(), WAIT).toBe(true);

    // A reload keeps the draft open, words and all.
    await page.reload();
    await expect.poll(() => page.getByLabel('Subject').inputValue(), WAIT).toBe(SUBJECT);

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect.poll(() => preview.getByText('ruth@example.org').isVisible(), WAIT).toBe(true);
    const letter = page.frameLocator('iframe[title="Formatted message"]');
    await expect.poll(() => letter.getByText('Carols on the green at 6pm.').isVisible(), WAIT).toBe(true);
    expect(await letter.getByRole('link', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    expect(await page.locator('iframe[title="Formatted message"]').getAttribute('sandbox')).toBe('');
    await preview.getByRole('tab', { name: 'Plain text' }).click();
    expect(await preview.getByText(/Unsubscribe: http/).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Send test' }).click();
    const test = page.getByRole('dialog', { name: 'Send a test' });
    await test.getByLabel('Send a test to').fill(TESTER);
    await test.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => page.getByText(`Test email on its way to ${TESTER}`).isVisible(), WAIT).toBe(true);
    await expect.poll(() => site.smtp.to(TESTER).filter((mail) => mail.subject === SUBJECT).length, WAIT).toBe(1);
    expect(site.smtp.to('ruth@example.org').filter((mail) => mail.subject === SUBJECT)).toHaveLength(0);

    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByRole('dialog', { name: 'Send email' }).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByText('Email sent successfully!').isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => site.smtp.to('ruth@example.org').filter((mail) => mail.subject === SUBJECT).length, WAIT)
      .toBe(1);
    const [sent] = site.smtp.to('ruth@example.org').filter((mail) => mail.subject === SUBJECT);
    expect(sent!.text).toContain('Carols on the green at 6pm.');
    // The draft became the email: the list holds it once, sent, and no draft of it is left.
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: SUBJECT }).getByText('Draft', { exact: true }).count(), WAIT)
      .toBe(0);
    expect(site.smtp.to(TESTER)).toHaveLength(1);
  });
});
