import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  // Twelve messages a minute apart: message 12 is the newest, message 1 the oldest.
  const start = Date.UTC(2026, 10, 1, 9, 0);
  await site.app.ctx.db.insert(contactSubmissions).values(
    Array.from({ length: 12 }, (_, index) => ({
      name: `Sender ${index + 1}`,
      email: `sender${index + 1}@example.org`,
      subject: `Question number ${index + 1} about the Sunday children's programme`,
      message: `Message body ${index + 1}`,
      createdAt: new Date(start + index * 60_000),
    })),
  );
});
afterAll(() => site?.close());

const WAIT = { timeout: 15_000, interval: 200 };

describe('the staff inboxes', () => {
  it('pages twelve contact messages ten at a time, newest first', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/contacts');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(10);
    expect(await rows.first().textContent()).toContain('Sender 12');
    expect(await page.getByText('Question number 12 about the S...', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('Sender 2'),
      expect.stringContaining('Sender 1'),
    ]);

    await page.getByLabel('Search').fill('sender7@');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Page 2' }).count()).toBe(0);
  });

  it('marks a contact message read when it is opened', async () => {
    const [message] = await site.app.ctx.db
      .insert(contactSubmissions)
      .values({
        name: 'Hannah Price',
        email: 'hannah@example.org',
        subject: 'Prayer',
        message: 'Please pray for my mum.',
      })
      .returning();
    const { page } = await site.staffPage();
    await page.goto('/admin/contacts');
    await page.getByRole('button', { name: 'View message from Hannah Price' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prayer' });
    expect(await dialog.getByText('Please pray for my mum.').isVisible()).toBe(true);

    const isRead = async () =>
      (await site.app.ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, message!.id)))[0]
        ?.isRead;
    await expect.poll(isRead, WAIT).toBe(true);
    await expect.poll(() => dialog.getByRole('button', { name: 'Mark as read' }).count(), WAIT).toBe(0);
  });

  it('shows the first two interests of a connect card and deletes it after confirmation', async () => {
    const [card] = await site.app.ctx.db
      .insert(connectSubmissions)
      .values({
        firstName: 'Samuel',
        lastName: 'Okoro',
        email: 'samuel@example.org',
        interests: ["I'm new here", 'Volunteering', 'Prayer request', 'Becoming a member'],
      })
      .returning();
    const { page } = await site.staffPage();
    await page.goto('/admin/connections');
    const row = page.getByRole('row', { name: /Samuel Okoro/ });
    await expect.poll(() => row.getByText('+2 more').isVisible(), WAIT).toBe(true);
    expect(await row.getByText('New', { exact: true }).isVisible()).toBe(true);

    await row.getByRole('button', { name: 'Actions for card from Samuel Okoro' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the card from Samuel Okoro' });
    expect(
      await confirm
        .getByText('Are you sure you want to delete this connect submission? This action cannot be undone.')
        .isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Connect submission deleted successfully.').isVisible(), WAIT).toBe(true);
    const left = await site.app.ctx.db.select().from(connectSubmissions).where(eq(connectSubmissions.id, card!.id));
    expect(left).toEqual([]);
  });
});
