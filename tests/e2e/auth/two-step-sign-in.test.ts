import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorApp } from '../../support/second-factor.js';
import { pathOf, SLOW, startTestSite, type TestSite } from '../../support/site.js';
import { newStaffAccount, signInAsStaff } from '../../support/staff.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

async function passwordStep(page: Page, account: { username: string; password: string }) {
  await page.getByLabel(/^Username/).fill(account.username);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('two-step sign-in in the browser', () => {
  it('sets up an authenticator app on the Security page, then signs in with its code', async () => {
    const account = await newStaffAccount(site.app);
    const page = await site.newPage();
    await page.goto('/admin/login');
    await passwordStep(page, account);
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/dashboard');

    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const phone = authenticatorApp((await page.getByTestId('authenticator-secret').textContent(SLOW))!.trim());
    expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
    await page.getByLabel(/^Code from the app/).fill(phone.code(0));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor(SLOW);
    expect(await codes.count()).toBe(10);

    await page.context().clearCookies();
    await page.goto('/admin/login');
    await passwordStep(page, account);
    await page.getByLabel(/^Code/).fill('000000' === phone.code(1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right, or has already been used. Please try again.').waitFor(SLOW);
    expect(pathOf(page)).toBe('/admin/login');

    await page.getByLabel(/^Code/).fill(phone.code(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
  });

  it('makes a new account set up a passkey first when the church requires it, then signs in with the passkey', async () => {
    const admin = await signInAsStaff(site.app);
    await site.app.call('PUT', '/api/admin/second-factor/policy/', { required_for_all_staff: true }, admin.headers);
    try {
      const account = await newStaffAccount(site.app);
      const page = await site.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      // Passkeys belong to a host name, never to a bare IP address: the browser goes to localhost.
      const origin = site.url.replace('127.0.0.1', 'localhost');
      await page.goto(`${origin}/admin/login`);
      await passwordStep(page, account);
      await expect.poll(() => pathOf(page), SLOW).toBe('/admin/security');
      await page.getByText('Set up a passkey or an authenticator app to continue.', { exact: false }).waitFor(SLOW);
      await page.goto(`${origin}/admin/dashboard`);
      await expect.poll(() => pathOf(page), SLOW).toBe('/admin/security');

      await page.getByLabel(/^Passkey name/).fill('Office laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('list', { name: 'Recovery codes' }).waitFor(SLOW);
      await page.getByRole('list', { name: 'Your passkeys' }).getByText('Office laptop', { exact: true }).waitFor(SLOW);
      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);

      await page.context().clearCookies();
      await page.goto(`${origin}/admin/login`);
      await passwordStep(page, account);
      await page.getByRole('button', { name: 'Use a passkey' }).waitFor(SLOW);
      expect(await page.getByLabel(/^Password/).count()).toBe(0);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect.poll(() => pathOf(page), SLOW).toBe('/admin/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);

      // The church requires a second factor: the only one cannot be removed.
      await page.goto(`${origin}/admin/security`);
      await page.getByRole('button', { name: 'Remove Office laptop' }).click();
      await page
        .getByRole('dialog')
        .getByLabel(/^Current password/)
        .fill(account.password);
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      await page
        .getByText('add another authenticator app or passkey before removing this one', { exact: false })
        .waitFor(SLOW);
    } finally {
      await site.app.call('PUT', '/api/admin/second-factor/policy/', { required_for_all_staff: false }, admin.headers);
    }
  });
});
