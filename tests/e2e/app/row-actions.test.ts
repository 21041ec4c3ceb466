import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const WAIT = { timeout: 15_000, interval: 200 };

async function insertMessage(name: string) {
  const [message] = await site.app.ctx.db
    .insert(contactSubmissions)
    .values({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org`, subject: 'Hello', message: 'Hi' })
    .returning();
  return message!;
}

const isRead = async (id: number) =>
  (await site.app.ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0]?.isRead;

describe('a row’s actions menu', () => {
  it('opens over the table, closes with Escape back to its button, and Delete asks first: Cancel keeps the row', async () => {
    const message = await insertMessage('Ruth Mensah');
    const { page } = await site.staffPage();
    await page.goto('/admin/contacts');
    const menuButton = page.getByRole('button', { name: 'Actions for message from Ruth Mensah' });
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu', { name: 'Actions for message from Ruth Mensah' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Mark as read', 'Delete']);
    // Drawn whole, over the table's frame rather than cut off by it.
    const delet = menu.getByRole('menuitem', { name: 'Delete' });
    const onTop = await delet.evaluate((item) => {
      const box = item.getBoundingClientRect();
      return item.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(onTop).toBe(true);

    // The keyboard: the first item has focus, the arrows move it, Escape closes and gives focus back.
    expect(
      await menu.getByRole('menuitem', { name: 'Mark as read' }).evaluate((item) => item === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await delet.evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    // A click elsewhere closes it too.
    await menuButton.click();
    await page.getByRole('heading', { name: 'Contact Submissions' }).click();
    await expect.poll(() => menu.count(), WAIT).toBe(0);

    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the message from Ruth Mensah' });
    expect(
      await confirm
        .getByText('Are you sure you want to delete this contact submission? This action cannot be undone.')
        .isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count(), WAIT).toBe(0);
    expect(await page.getByRole('row', { name: /Ruth Mensah/ }).count()).toBe(1);
    expect(await isRead(message.id)).toBe(false);
  });

  it('marks a message read with a toast whose Undo makes it unread again', async () => {
    const message = await insertMessage('Kwame Boateng');
    const { page } = await site.staffPage();
    await page.goto('/admin/contacts');
    const row = page.getByRole('row', { name: /Kwame Boateng/ });
    await row.getByRole('button', { name: 'Actions for message from Kwame Boateng' }).click();
    await page.getByRole('menuitem', { name: 'Mark as read' }).click();
    await expect.poll(() => isRead(message.id), WAIT).toBe(true);
    await expect.poll(() => row.getByText('Read', { exact: true }).isVisible(), WAIT).toBe(true);

    const toast = page.getByRole('status').filter({ hasText: 'Message marked as read.' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => isRead(message.id), WAIT).toBe(false);
    await expect.poll(() => row.getByText('Unread', { exact: true }).isVisible(), WAIT).toBe(true);
  });
});

describe('a pledge’s follow-up', () => {
  it('asks before e-mailing the donor: Cancel sends nothing, Send follow-up sends one e-mail', async () => {
    const email = 'grace.follow@example.org';
    await site.app.ctx.db.insert(buildingFundPledges).values({
      firstName: 'Grace',
      lastName: 'Owusu',
      email,
      totalPledge: '600.00',
      paymentType: 'partial',
      paymentAmount: '100.00',
      payByDate: '2030-06-30',
      paymentMethod: 'bank_transfer',
    });
    const { page } = await site.staffPage();
    const followUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/follow-up/')) followUps.push(request.url());
    });
    await page.goto('/admin/building-fund');
    const menuButton = page.getByRole('button', { name: 'Actions for Grace Owusu' });

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Send follow-up' }).click();
    const ask = page.getByRole('dialog', { name: 'Send a follow-up' });
    expect(await ask.getByText(`Grace Owusu will be e-mailed at ${email} about this pledge.`).isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => ask.count(), WAIT).toBe(0);
    expect(followUps).toEqual([]);

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Send follow-up' }).click();
    await ask.getByRole('button', { name: 'Send follow-up' }).click();
    await expect.poll(() => site.smtp.countFor(email), WAIT).toBe(1);
    expect(followUps).toHaveLength(1);
  });
});
