import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ LIVE_STREAM_URL: 'https://meet.example.org/gather-live' });
});
afterAll(() => site?.close());

describe('the site shell', () => {
  it('names every page in the tab and links the live stream from the navbar', async () => {
    const page = await site.newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Gather Church');
    const live = page.getByRole('link', { name: /Join Live/ });
    expect(await live.getAttribute('href')).toBe('https://meet.example.org/gather-live');
    expect(await live.getAttribute('target')).toBe('_blank');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect.poll(() => page.title()).toBe('About Us | Gather Church');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('2020');
  });

  it('shows a not-found page for an unknown address, sent as a 404', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    const answer = await page.goto('/no-such-page');
    expect(answer?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('opens the phone menu from its button', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/');
    const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
    expect(await contact.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await contact.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contact');
  });

  it("keeps the footer's columns clear of the copyright row", async () => {
    const page = await site.newPage();
    await page.goto('/');
    const columns = page.locator('footer').getByRole('region', { name: 'Service times' }).locator('..');
    const copyright = page.locator('footer p', { hasText: '©' });
    const gap = async () => {
      const above = (await columns.boundingBox())!;
      return (await copyright.boundingBox())!.y - (above.y + above.height);
    };
    // The row's margin (--space-6, 48 px) is kept, not overridden by the page container's.
    await expect.poll(gap).toBeGreaterThanOrEqual(40);
  });
});
