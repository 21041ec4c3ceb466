import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

/** Pages load in a production build on a busy machine: give them time, but never sleep. */
const WAIT = { timeout: 15_000, interval: 200 };

const SENT = 'Please pray for my brother Thomas Okafor, who starts chemotherapy on Monday.';
const EDITED = 'Please pray for my brother, who starts treatment on Monday.';

/** A phone on the prayer wall, once it follows the wall live. */
async function phoneOnWall(): Promise<Page> {
  const phone = await site.newPage({ viewport: 'phone' });
  await phone.goto('/prayer/wall');
  await phone.getByRole('status').filter({ hasText: 'Updating live' }).waitFor(WAIT);
  return phone;
}

const request = (phone: Page) => phone.getByRole('listitem').filter({ hasText: EDITED });
const countOn = (phone: Page) => request(phone).getByTestId('prayed-count').textContent();

describe('the prayer wall', () => {
  it('takes a request from a phone to the pastoral team live, and to the wall once they approve it', async () => {
    const { page: pastor } = await site.staffPage({ roles: ['pastoral'] });
    await pastor.goto('/admin/prayer');
    await pastor.getByRole('status').filter({ hasText: 'New requests appear here' }).waitFor(WAIT);
    await pastor.getByText('No prayer requests found').waitFor(WAIT);

    const visitor = await site.newPage({ viewport: 'phone' });
    await visitor.goto('/prayer');
    // The page says plainly who reads each choice.
    await visitor.getByText('Only our pastoral team will read your request.').first().waitFor(WAIT);
    await visitor.getByLabel(/^Your prayer request/).fill(SENT);
    await visitor.getByLabel('Share it on the prayer wall with my first name').check();
    await visitor
      .getByText('once they approve it, anyone visiting the prayer wall can read it with your first name')
      .first()
      .waitFor(WAIT);
    await visitor.getByLabel('First name', { exact: true }).fill('Grace');
    // Nothing sideways on a phone: the form fits the screen.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.getByRole('button', { name: 'Send Prayer Request' }).click();
    await visitor.getByText('Your prayer request has reached our pastoral team').waitFor(WAIT);

    // It arrives in the console without a reload, whole, for the pastoral team, and the sidebar's badge counts it.
    const card = pastor.getByRole('listitem').filter({ hasText: SENT });
    await card.waitFor(WAIT);
    const sidebar = pastor.getByRole('navigation', { name: 'Staff' });
    await sidebar.getByRole('link', { name: 'Prayer 1 new', exact: true }).waitFor(WAIT);
    const onWall = await phoneOnWall();
    expect(await onWall.getByText('Thomas').count()).toBe(0);

    await card.getByRole('button', { name: 'Review for the wall' }).click();
    await card.getByLabel('Words for the wall').fill(EDITED);
    await card.getByRole('button', { name: 'Approve for the wall' }).click();
    await card.getByText('On the wall', { exact: true }).waitFor(WAIT);
    // The original stays for the team; approved, it waits for nobody.
    await card.getByText(SENT).waitFor(WAIT);
    await sidebar.getByRole('link', { name: 'Prayer', exact: true }).waitFor(WAIT);

    // The phone already on the wall gets it live; a second phone opens the wall and finds it.
    await request(onWall).waitFor(WAIT);
    // The wall is drawn on the server: a phone paints the request before any script runs.
    const drawn = await (await fetch(`${site.url}/prayer/wall`)).text();
    expect(drawn).toContain(EDITED);
    expect(drawn).not.toContain('Thomas');
    const second = await phoneOnWall();
    await request(second).getByText('Grace').waitFor(WAIT);
    expect(await second.getByText('Thomas').count()).toBe(0);
    expect(await countOn(second)).toBe('0 people prayed');

    await request(second).getByRole('button', { name: 'I prayed' }).click();
    await request(second).getByRole('button', { name: 'You prayed' }).waitFor(WAIT);
    await expect.poll(() => countOn(second), WAIT).toBe('1 person prayed');
    await expect.poll(() => countOn(onWall), WAIT).toBe('1 person prayed');

    await request(onWall).getByRole('button', { name: 'I prayed' }).click();
    await expect.poll(() => countOn(onWall), WAIT).toBe('2 people prayed');
    await expect.poll(() => countOn(second), WAIT).toBe('2 people prayed');
  });
});
