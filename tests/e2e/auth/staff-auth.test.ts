import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, SLOW, startTestSite, type TestSite } from '../../support/site.js';
import { newStaffAccount } from '../../support/staff.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('staff sign-in', () => {
  it('signs in through the form and opens the dashboard', async () => {
    const { username, password } = await newStaffAccount(site.app);
    const page = await site.newPage();
    await page.goto('/admin/login');
    await signIn(page, username, password);
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
    expect(
      await page
        .getByRole('link', { name: /Services/ })
        .first()
        .isVisible(),
    ).toBe(true);

    // Signed in already, the login page sends staff on to the dashboard.
    await page.goto('/admin/login');
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/dashboard');
  });

  it('says so when the password is wrong and stays on the login page', async () => {
    const { username } = await newStaffAccount(site.app);
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/admin/login');
    await signIn(page, username, 'not-the-password');
    await page.getByText('Invalid credentials. Please check your username and password.').waitFor(SLOW);
    expect(pathOf(page)).toBe('/admin/login');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('signs out on the server and lands on the login page', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
    const [session] = await page.context().cookies();
    const cookie = `${session!.name}=${session!.value}`;
    expect((await site.app.call('GET', '/api/admin/auth/me', undefined, { cookie })).status).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/login');
    await expect
      .poll(async () => (await site.app.call('GET', '/api/admin/auth/me', undefined, { cookie })).status, SLOW)
      .toBe(401);

    await page.goto('/admin/dashboard');
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/login');
  });

  it('sends a signed-out visitor to sign in from the server, then back to the page they asked for', async () => {
    const { username, password } = await newStaffAccount(site.app);
    const page = await site.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.frame().url());
    });
    const answer = await page.goto('/admin/contacts?is_read=false');
    // The server answered the console's address with a redirect: the browser never loaded a page there to run.
    const asked = answer!.request().redirectedFrom();
    expect(asked && (await asked.response())?.status()).toBe(302);
    expect(pathOf(page)).toBe('/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/contacts?is_read=false');
    expect(scripts.every((frame) => new URL(frame).pathname === '/admin/login')).toBe(true);

    await signIn(page, username, password);
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/contacts');
    expect(new URL(page.url()).search).toBe('?is_read=false');
  });

  it('sends a signed-out visitor to a moderation screen to sign in from the server', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    const answer = await page.goto('/qna/view/00000000-0000-4000-8000-000000000000');
    expect(answer!.request().redirectedFrom()?.url()).toMatch(/\/qna\/view\//);
    expect(pathOf(page)).toBe('/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/qna/view/00000000-0000-4000-8000-000000000000');
  });

  it('sends staff to sign in as soon as their session ends elsewhere, then back to the section', async () => {
    const { page, staff } = await site.staffPage();
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Q&A Sessions' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Q&A Sessions' }).waitFor(SLOW);

    // Nothing is clicked: the server closes the console's live connection, and the console asks who is signed in.
    expect((await site.app.call('POST', '/api/admin/auth/logout', undefined, staff.headers)).status).toBeLessThan(300);
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/dashboard?section=qna');
    await signIn(page, staff.username, staff.password);
    await page.getByRole('heading', { level: 1, name: 'Q&A Sessions' }).waitFor(SLOW);
  });
});
