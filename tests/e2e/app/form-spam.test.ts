import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { eventually } from '../../support/eventually.js';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  // The real minimum: a form sent sooner than 3 s after it showed is taken for a script's.
  site = await startTestSite({ FORM_MIN_FILL_SECONDS: '3' });
});
afterAll(() => site?.close());

/** Typing as people do, a key at a time: over 3 s for what these tests type, however fast the machine. */
const typeAsAPerson = (page: Page, label: RegExp, text: string) =>
  page.getByLabel(label).pressSequentially(text, { delay: 100 });

/** The hidden field is off screen, hidden from screen readers and never reached by Tab. */
async function expectHoneypotOutOfReach(page: Page) {
  const honeypot = page.locator('input[name="website"]');
  expect(await honeypot.count()).toBe(1);
  // Drawn inside a 1-pixel box that clips what it holds, as screen-reader-only text is.
  const frame = await honeypot.evaluate((input) => {
    const wrapper = input.closest<HTMLElement>('[aria-hidden="true"]')!;
    const { width, height } = wrapper.getBoundingClientRect();
    return { width, height, overflow: getComputedStyle(wrapper).overflow };
  });
  expect(frame).toEqual({ width: 1, height: 1, overflow: 'hidden' });
  expect(await honeypot.getAttribute('tabindex')).toBe('-1');
  expect(await honeypot.getAttribute('autocomplete')).toBe('off');
  expect(await page.getByRole('textbox', { name: /Website/ }).count()).toBe(0);
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await honeypot.evaluate((input) => input === document.activeElement)).toBe(false);
  }
}

describe('the public forms against spam', () => {
  it('keeps a gift a person typed in, with its hidden field out of reach, and sends a receipt without their words', async () => {
    const page = await site.newPage();
    await page.goto('/give');
    await page.getByLabel(/^Full name/).focus();
    await expectHoneypotOutOfReach(page);
    await typeAsAPerson(page, /^Full name/, 'Samuel Ade');
    await typeAsAPerson(page, /^Email/, 'samuel@example.org');
    await typeAsAPerson(page, /^Message/, 'For the school in Accra.');
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect
      .poll(() =>
        page.getByText('Thank you for your generous gift! A receipt has been sent to your email.').isVisible(),
      )
      .toBe(true);

    const [gift] = await site.app.ctx.db
      .select()
      .from(givingSubmissions)
      .where(eq(givingSubmissions.email, 'samuel@example.org'));
    expect(gift).toMatchObject({ name: 'Samuel Ade', message: 'For the school in Accra.' });
    const receipt = await eventually(
      async () => site.smtp.received.find((mail) => mail.envelopeTo.includes('samuel@example.org')),
      'receipt',
    );
    expect(receipt.text).not.toContain('Samuel');
    expect(receipt.text).not.toContain('Accra');
  });

  it('keeps a pledge a person typed in', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/building-fund');
    await expectHoneypotOutOfReach(page);
    await typeAsAPerson(page, /^First Name/, 'Ada');
    await typeAsAPerson(page, /^Last Name/, 'Lovelace');
    await typeAsAPerson(page, /^Email/, 'ada.person@example.org');
    await page.getByLabel(/^Total Pledge/).fill('250');
    await page.getByRole('radio', { name: 'Full Payment' }).check();
    await page.getByRole('radio', { name: 'Bank Transfer' }).check();
    await page.getByRole('button', { name: 'Submit Pledge' }).click();

    await page.getByRole('dialog', { name: 'Thank You' }).getByText('ada.person@example.org').waitFor();
    const pledges = await site.app.ctx.db
      .select()
      .from(buildingFundPledges)
      .where(eq(buildingFundPledges.email, 'ada.person@example.org'));
    expect(pledges).toHaveLength(1);
  });
});
