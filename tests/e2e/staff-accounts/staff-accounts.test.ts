import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { staffPasswordLinks } from '@gather/server/platform/database/schema/staff';
import { mailSettings } from '@gather/server/platform/mail/settings';
import { PasswordLinks } from '@gather/server/features/staff-accounts/password-links';
import { LinkSigner, siteSecret } from '@gather/server/platform/signed-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, SLOW, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

describe('staff accounts in the console', () => {
  it('adds an account with a password shown once, and a deactivated member is signed out at once', async () => {
    const { page: office } = await site.staffPage();
    await office.goto('/admin/dashboard?section=staff-accounts');
    await office.getByRole('heading', { level: 1, name: 'Staff Accounts' }).waitFor(SLOW);

    const username = `sexton_${randomBytes(3).toString('hex')}`;
    await office.getByRole('button', { name: 'Add account' }).click();
    await office.getByLabel(/^Username/).fill(username);
    await office.getByRole('checkbox', { name: /^Content/ }).check();
    await office.getByRole('button', { name: 'Add account' }).last().click();

    const shown = office.getByTestId('one-time-password');
    await shown.waitFor(SLOW);
    const password = (await shown.textContent())!;
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(await office.getByText('it will not be shown again').isVisible()).toBe(true);
    expect(await office.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    await office.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached', ...SLOW });
    expect(await office.getByText(password).count()).toBe(0);
    const card = office.getByTestId('staff-account').filter({ hasText: username });
    await card.getByText('Active').waitFor(SLOW);

    // The new member signs in with it in a browser of their own.
    const sexton = await site.newPage();
    await sexton.goto('/admin/login');
    await sexton.getByLabel(/^Username/).fill(username);
    await sexton.getByLabel(/^Password/).fill(password);
    await sexton.getByRole('button', { name: 'Sign In' }).click();
    // A one-time password is replaced before the console opens.
    await sexton.getByLabel(/^One-time password/).fill(password);
    await sexton.getByLabel(/^New password/).fill('bells on sunday morning');
    await sexton.getByRole('button', { name: 'Save and continue' }).click();
    await sexton.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);

    await card.getByRole('button', { name: 'Deactivate' }).click();
    await office.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await card.getByText('Deactivated').waitFor(SLOW);

    // The sexton's console, still open, is sent to sign in at once: nothing there is clicked.
    await expect.poll(() => pathOf(sexton), SLOW).toBe('/admin/login');
    await sexton.getByLabel(/^Username/).fill(username);
    await sexton.getByLabel(/^Password/).fill('bells on sunday morning');
    await sexton.getByRole('button', { name: 'Sign In' }).click();
    await sexton.getByText('Invalid credentials. Please check your username and password.').waitFor(SLOW);
  });
});

describe('the set-password page an e-mailed link opens', () => {
  it('sets the password once, then says the link is used', async () => {
    const username = `warden_${randomBytes(3).toString('hex')}`;
    const { staff } = await site.staffPage();
    const added = await site.app.call(
      'POST',
      '/api/admin/staff-accounts/',
      { username, email: `${username}@example.org`, delivery: 'email-link', roles: ['content'] },
      staff.headers,
    );
    expect(added.status).toBe(201);
    // The worker would mail this link; the test signs it as the worker does.
    const [link] = await site.app.ctx.db
      .select()
      .from(staffPasswordLinks)
      .where(eq(staffPasswordLinks.userId, added.body.account.id));
    const links = new PasswordLinks(new LinkSigner(siteSecret(site.app.ctx.config)), mailSettings(site.app.ctx.config));
    const address = new URL(links.url(link!.id, link!.nonce));

    const page = await site.newPage({ viewport: 'phone' });
    await page.goto(address.pathname + address.search);
    await page.getByLabel(/^New password/).fill('blessed assurance');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is set.').waitFor(SLOW);
    const signIn = await site.app.call('POST', '/api/admin/auth/login', { username, password: 'blessed assurance' });
    expect(signIn.status).toBe(200);

    await page.goto(address.pathname + address.search);
    await page.getByLabel(/^New password/).fill('another one entirely');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('This link has expired or has already been used.', { exact: false }).waitFor(SLOW);
  });
});
