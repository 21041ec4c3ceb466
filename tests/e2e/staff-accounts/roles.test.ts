import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const NO_ACCESS = 'You do not have access to this section';

describe('staff roles in the console', () => {
  it('shows a content volunteer only the content sections, and says so at any other address', async () => {
    const { page } = await site.staffPage({ roles: ['content'] });
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(SLOW);

    const sidebar = page.getByRole('navigation', { name: 'Staff' });
    await sidebar.getByRole('link', { name: 'Events' }).waitFor(SLOW);
    const links = (await sidebar.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(links).toEqual([
      'Dashboard',
      'Homepage',
      'Services',
      'Events',
      'Media',
      'Sermons',
      'QR Generator (opens in a new tab)',
    ]);
    // Nothing waits for a content volunteer: the donors' and visitors' counts are not theirs to see.
    expect(await page.getByRole('heading', { name: 'Needs attention' }).count()).toBe(0);

    await sidebar.getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor(SLOW);

    for (const address of [
      '/admin/dashboard?section=people',
      '/admin/dashboard?section=staff-accounts',
      '/admin/building-fund',
      '/admin/contacts',
    ]) {
      await page.goto(address);
      await page.getByRole('heading', { name: NO_ACCESS }).waitFor(SLOW);
      expect(await page.getByRole('alert').count(), address).toBe(0);
    }

    // Their own sign-in is theirs whatever their roles: from their name, the password and two-step sign-in.
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: /your password and two-step sign-in/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor(SLOW);
    await page.getByRole('heading', { name: 'Change my password' }).waitFor(SLOW);
    expect(await page.getByRole('heading', { name: 'For the whole church' }).count()).toBe(0);
  });

  it('lets an administrator change roles with checkboxes, and the member’s console follows', async () => {
    const { page: member, staff } = await site.staffPage({ roles: ['content'] });
    await member.goto('/admin/contacts');
    await member.getByRole('heading', { name: NO_ACCESS }).waitFor(SLOW);

    const { page: office } = await site.staffPage();
    await office.goto('/admin/dashboard?section=staff-accounts');
    const card = office.getByTestId('staff-account').filter({ hasText: staff.username });
    await card.getByText('Roles: Content').waitFor(SLOW);
    await card.getByRole('button', { name: 'Roles' }).click();
    const dialog = office.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: /^Pastoral/ }).check();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await card.getByText('Roles: Content, Pastoral').waitFor(SLOW);

    await member.reload();
    await member.getByRole('heading', { level: 1, name: 'Contact Submissions' }).waitFor(SLOW);
  });
});
