import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '@gather/server/platform/database/schema/newsletters';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const db = () => site.app.ctx.db;

describe('the public forms', () => {
  it('subscribes an address to the newsletter from the home page', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/');
    // The form loads as the visitor scrolls near it.
    await page.getByRole('heading', { name: 'Stay in the loop' }).scrollIntoViewIfNeeded();
    const email = page.getByLabel('Email address');
    await email.fill('Naomi@Example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.getByText('Successfully subscribed to newsletter!').isVisible()).toBe(true);
    expect(await email.inputValue()).toBe('');
    const rows = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'naomi@example.org'));
    expect(rows).toHaveLength(1);
  });

  it('tells the church about a gift', async () => {
    const page = await site.newPage();
    await page.goto('/give');
    expect(await page.getByLabel(/^Type of gift/).inputValue()).toBe('offering');
    await page.getByLabel(/^Full name/).fill('Samuel Ade');
    await page.getByLabel(/^Email/).fill('samuel@example.org');
    await page.getByLabel(/^Type of gift/).selectOption('missions');
    await page.getByLabel(/^Message/).fill('For the school in Accra.');
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect
      .poll(() =>
        page.getByText('Thank you for your generous gift! A receipt has been sent to your email.').isVisible(),
      )
      .toBe(true);
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('');
    const [gift] = await db().select().from(givingSubmissions).where(eq(givingSubmissions.email, 'samuel@example.org'));
    expect(gift).toMatchObject({ name: 'Samuel Ade', givingType: 'missions', message: 'For the school in Accra.' });
  });

  it('sends a connect card with the chosen interests', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/connect');
    await page.getByLabel(/^First name/).fill('Esther');
    await page.getByLabel(/^Last name/).fill('Mensah');
    await page.getByLabel(/^Email/).fill('esther@example.org');
    await page.getByLabel("I'm new here").check();
    await page.getByLabel('Prayer request').check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByText("Thank you for connecting with us! We'll be in touch soon.").isVisible())
      .toBe(true);
    expect(await page.getByLabel('Prayer request').isChecked()).toBe(false);
    const [card] = await db()
      .select()
      .from(connectSubmissions)
      .where(eq(connectSubmissions.email, 'esther@example.org'));
    expect(card).toMatchObject({
      firstName: 'Esther',
      lastName: 'Mensah',
      interests: ["I'm new here", 'Prayer request'],
    });
  });

  it('checks the contact form in the browser, then sends the message', async () => {
    const page = await site.newPage();
    await page.goto('/contact');
    await page.getByLabel(/^Name/).fill('Ruth Obi');
    await page.getByLabel(/^Email/).fill('ruth@example');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const email = page.getByLabel(/^Email/);
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Enter a valid email address.');
    expect(await page.locator('form [role="alert"]').allTextContents()).toEqual([
      'Enter a valid email address.',
      'This field may not be blank.',
      'This field may not be blank.',
    ]);
    expect(await db().select().from(contactSubmissions)).toHaveLength(0);

    await email.fill('ruth@example.org');
    await page.getByLabel(/^Subject/).fill('Baptism');
    await page.getByLabel(/^Message/).fill('How do I get baptised?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => page.getByText("Thank you for contacting us! We'll respond to your message soon.").isVisible())
      .toBe(true);
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe('');
    expect(await db().select().from(contactSubmissions)).toMatchObject([
      { name: 'Ruth Obi', email: 'ruth@example.org', subject: 'Baptism', message: 'How do I get baptised?' },
    ]);
  });
});
