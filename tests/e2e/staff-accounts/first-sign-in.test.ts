import { randomBytes } from 'node:crypto';
import { StaffPasswords } from '@gather/server/features/auth/accounts';
import { AuthRepository } from '@gather/server/features/auth/repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, SLOW, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

describe('the first sign-in with a one-time password', () => {
  it('shows only the page to choose a password, then the console', async () => {
    const username = `verger_${randomBytes(4).toString('hex')}`;
    const oneTime = randomBytes(12).toString('base64url');
    await new StaffPasswords(new AuthRepository(site.app.ctx.db)).setPassword(username, oneTime, { oneTime: true });

    const page = await site.newPage();
    await page.goto('/admin/login');
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Password/).fill(oneTime);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor(SLOW);
    expect(pathOf(page)).toBe('/admin/choose-password');

    // The console stays closed until the password is changed.
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor(SLOW);
    expect(pathOf(page)).toBe('/admin/choose-password');

    await page.getByLabel(/^One-time password/).fill(oneTime);
    await page.getByLabel(/^New password/).fill('password123');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page
      .getByText('This password is one of the most common ones: choose one that is harder to guess')
      .waitFor(SLOW);

    await page.getByLabel(/^New password/).fill('the lamp of the lord');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => pathOf(page), SLOW).toBe('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);
  });
});
