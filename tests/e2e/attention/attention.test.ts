import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await site.app.ctx.db.insert(contactSubmissions).values([
    { name: 'Hannah Price', email: 'hannah@example.org', subject: 'Prayer', message: 'Please pray.' },
    { name: 'Tomi Ade', email: 'tomi@example.org', subject: 'Choir', message: 'Can I join?' },
    { name: 'Read Already', email: 'read@example.org', subject: 'Old', message: 'Done.', isRead: true },
  ]);
  await site.app.ctx.db.insert(buildingFundPledges).values({
    firstName: 'Sam',
    lastName: 'Late',
    email: 'sam@example.org',
    totalPledge: '100.00',
    paymentType: 'full',
    paymentAmount: '100.00',
    payByDate: '2020-01-01',
    paymentMethod: 'online',
  });
});
afterAll(() => site?.close());

const WAIT = { timeout: 15_000, interval: 200 };

describe('needs attention', () => {
  it('opens the dashboard with what waits, each count opening the list it counted', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard');
    const attention = page.getByRole('region', { name: 'Needs attention' });
    const unread = attention.getByRole('link', { name: 'Unread contact messages' });
    await expect.poll(() => unread.textContent(), WAIT).toBe('2Unread contact messages');
    expect(await attention.getByRole('link', { name: 'Pledges overdue' }).getAttribute('href')).toBe(
      '/admin/building-fund?due=overdue',
    );
    // The spec's count cards and quick actions follow.
    expect(await page.getByRole('link', { name: /Active Q&A Sessions/ }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit Homepage' }).isVisible()).toBe(true);

    await unread.click();
    await page.waitForURL('**/admin/contacts?is_read=false');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    expect(await page.getByLabel('Show').inputValue()).toBe('false');

    await page.goto('/admin/dashboard');
    await attention.getByRole('link', { name: 'Pledges overdue' }).click();
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBe(1);
    expect(await page.getByText('Late', { exact: false }).first().isVisible()).toBe(true);
  });

  it('updates the sidebar badge live when a visitor sends a message', async () => {
    const { page, staff } = await site.staffPage();
    await page.goto('/admin/dashboard?section=events');
    const before: number = (await site.app.call('GET', '/api/admin/attention/', undefined, staff.headers)).body
      .unread_contacts;
    const sidebar = page.getByRole('navigation', { name: 'Staff' });
    // The badge is read with its meaning, as part of the link's name.
    const inboxWith = (count: number) =>
      sidebar.getByRole('link', { name: `Contact Inbox ${count} unread`, exact: true });
    await expect.poll(() => inboxWith(before).count(), WAIT).toBe(1);

    const sent = await site.app.call('POST', '/api/contact/', {
      name: 'New Visitor',
      email: 'visitor@example.org',
      subject: 'Sunday',
      message: 'What time is the service?',
    });
    expect(sent.status).toBe(201);
    await expect.poll(() => inboxWith(before + 1).count(), WAIT).toBe(1);
  });
});
