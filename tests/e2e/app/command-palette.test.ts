import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { events } from '@gather/server/platform/database/schema/events';
import { pathOf, SLOW, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.app.ctx.db.insert(buildingFundPledges).values({
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi-Richardson',
    email: 'seun.adeyemi@example-parish.org.uk',
    totalPledge: '2500.00',
    paymentType: 'full',
    paymentAmount: '2500.00',
    payByDate: '2020-09-30',
    paymentMethod: 'bank_transfer',
  });
  await site.app.ctx.db.insert(events).values({
    title: 'Carols by candlelight',
    description: 'Candles and carols.',
    date: new Date(Date.UTC(2030, 11, 20, 18)),
    location: 'Main hall',
  });
});
afterAll(() => site?.close());

const palette = (page: Page) => page.getByRole('dialog', { name: 'Go to' });
const field = (page: Page) => palette(page).getByRole('combobox');
const marked = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]');

/** Opens the palette with the shortcut and types, with the keyboard alone. */
async function typeInPalette(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  await field(page).waitFor(SLOW);
  await page.keyboard.type(text);
}

describe('the command palette', () => {
  it('goes to a section by its name with Ctrl+K, arrows and Enter, and Escape closes it', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);

    await typeInPalette(page, 'e');
    // The text field keeps the focus while the arrows mark a choice (the ARIA combobox pattern).
    expect(await field(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await palette(page).waitFor({ state: 'detached' });

    await typeInPalette(page, 'building');
    await expect.poll(() => marked(page).textContent(), SLOW).toContain('Building Fund');
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/building-fund');
    await page.getByRole('heading', { level: 1, name: 'Building Fund' }).waitFor(SLOW);

    await typeInPalette(page, 'sunday');
    // "This Sunday" is a group: its three places match, in the sidebar's order.
    const options = palette(page).getByRole('option');
    await expect.poll(() => options.count(), SLOW).toBe(3);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await marked(page).textContent()).toContain('Gatherings');
    await page.keyboard.press('ArrowUp');
    expect(await marked(page).textContent()).toContain('Photo Collections');
    expect(await field(page).getAttribute('aria-activedescendant')).toBe(await marked(page).getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Photo Collections' }).waitFor(SLOW);
  });

  it('finds a donor, their pledge and an event by typing, and opens each', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=events');
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor(SLOW);

    await typeInPalette(page, 'adeyemi');
    const person = palette(page).getByRole('option', { name: /Person.*Oluwaseun Adeyemi-Richardson/ });
    await person.waitFor(SLOW);
    await palette(page)
      .getByRole('option', { name: /Pledge.*Oluwaseun Adeyemi-Richardson/ })
      .waitFor(SLOW);
    while (!((await marked(page).textContent()) ?? '').startsWith('Person')) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor(SLOW);
    await expect
      .poll(() => page.getByLabel('Email address').inputValue(), SLOW)
      .toBe('seun.adeyemi@example-parish.org.uk');
    expect(new URL(page.url()).searchParams.get('email')).toBe('seun.adeyemi@example-parish.org.uk');

    await typeInPalette(page, 'adeyemi');
    await palette(page)
      .getByRole('option', { name: /Pledge/ })
      .waitFor(SLOW);
    await page.keyboard.press('End');
    expect(await marked(page).textContent()).toMatch(/^Pledge/);
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Oluwaseun Adeyemi-Richardson/ }).waitFor(SLOW);
    expect(await page.getByLabel('Search').inputValue()).toBe('seun.adeyemi@example-parish.org.uk');

    await typeInPalette(page, 'candlelight');
    await palette(page)
      .getByRole('option', { name: /Event.*Carols by candlelight/ })
      .waitFor(SLOW);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Edit Event' }).waitFor(SLOW);
  });

  it('offers a content volunteer only their own places, and never the donors', async () => {
    const { page } = await site.staffPage({ roles: ['content'] });
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
    await typeInPalette(page, 'adeyemi');
    await palette(page).getByRole('status').getByText('Nothing matches.').waitFor(SLOW);
    // Ctrl+K straight after Escape, before the closing palette's close event: a new palette opens all the same.
    await page.keyboard.press('Escape');
    await typeInPalette(page, 'fund');
    await palette(page).getByRole('status').getByText('Nothing matches.').waitFor(SLOW);
  });
});

describe('the console on a phone', () => {
  it('keeps the grouped sidebar behind the Menu button, with its badges, and closes it on choosing', async () => {
    const { page } = await site.staffPage({ viewport: 'phone' });
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
    const nav = page.getByRole('navigation', { name: 'Staff' });
    expect(await nav.isVisible()).toBe(false);

    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const giving = nav.getByRole('list', { name: 'People and giving' });
    // The overdue pledge seeded above is counted beside its link.
    await giving.getByRole('link', { name: 'Building Fund 1 overdue', exact: true }).waitFor(SLOW);
    await giving.getByRole('link', { name: /^Building Fund/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Building Fund' }).waitFor(SLOW);
    await expect.poll(() => nav.isVisible(), SLOW).toBe(false);
  });
});
