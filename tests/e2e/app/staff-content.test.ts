import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { NOT_AN_IMAGE } from '@gather/contracts';
import { albumImages, albums } from '@gather/server/platform/database/schema/albums';
import { events } from '@gather/server/platform/database/schema/events';
import { services } from '@gather/server/platform/database/schema/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const unique = () => randomBytes(3).toString('hex');

/** A date-time input's value a month from now, at 18:30. */
function nextMonthAt1830(): string {
  const day = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
  return `${day.toISOString().slice(0, 10)}T18:30`;
}

describe('the staff console content sections', () => {
  it('creates an event that visitors then see on the events page', async () => {
    const title = `Carol Service ${unique()}`;
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Create Event' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Description/).fill('Candles, carols and mince pies for everyone.');
    await dialog.getByLabel(/^Date and time/).fill(nextMonthAt1830());
    await dialog.getByLabel(/^Location/).fill('Main hall');
    await dialog.getByLabel(/^Price/).fill('0.00');
    await dialog.getByRole('button', { name: 'Create Event' }).click();

    await page.getByText('Event created successfully!').waitFor(SLOW);
    await page.getByRole('heading', { name: title }).waitFor(SLOW);

    const visitor = await site.newPage({ viewport: 'phone' });
    await visitor.goto('/events');
    await visitor.getByRole('heading', { name: title }).waitFor(SLOW);
    expect(await visitor.getByText('Main hall').first().isVisible()).toBe(true);
  });

  it('saves the homepage hero, shown live in the preview and then on the home page', async () => {
    const heroTitle = `Welcome home ${unique()}`;
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=homepage');
    const field = page.getByLabel(/^Hero title/);
    await expect.poll(() => field.inputValue(), SLOW).not.toBe('');
    await field.fill(heroTitle);
    const preview = page.getByRole('region', { name: 'Live preview' });
    expect(await preview.getByRole('heading', { name: heroTitle }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Homepage content saved successfully!').waitFor(SLOW);

    const visitor = await site.newPage();
    await visitor.goto('/');
    await visitor.getByRole('heading', { level: 1, name: heroTitle }).waitFor(SLOW);
  });

  it('creates an album and adds two images, titled after the given title with a running number', async () => {
    const title = `Baptism Sunday ${unique()}`;
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=media');
    await page.getByRole('button', { name: 'Create Album' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByRole('button', { name: 'Create Album' }).click();
    await page.getByText('Album created successfully!').waitFor(SLOW);

    await page.getByRole('button', { name: 'Add Images' }).first().click();
    dialog = page.getByRole('dialog');
    const upload = dialog.getByRole('button', { name: 'Upload Images' });
    expect(await upload.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Album/).selectOption({ label: title });
    const image = (background: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .jpeg()
        .toBuffer();
    await dialog.getByLabel(/^Images/).setInputFiles([
      { name: 'font.jpg', mimeType: 'image/jpeg', buffer: await image('#667eea') },
      { name: 'river.jpg', mimeType: 'image/jpeg', buffer: await image('#4ecdc4') },
    ]);
    await dialog.getByLabel(/^Title/).fill('Baptism');
    await upload.click();
    await page.getByText('2 images uploaded successfully!').waitFor(SLOW);

    const [album] = await site.app.ctx.db.select().from(albums).where(eq(albums.title, title));
    const photos = await site.app.ctx.db.select().from(albumImages).where(eq(albumImages.albumId, album!.id));
    expect(photos.map((photo) => photo.title).sort()).toEqual(['Baptism 1', 'Baptism 2']);
  });

  it('shows why a cover was refused under the picture, keeps what was typed, and saves with a real picture', async () => {
    const title = `Harvest ${unique()}`;
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=media');
    await page.getByRole('button', { name: 'Create Album' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill(title);
    const cover = dialog.getByLabel(/^Cover image/);
    await cover.setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
    await dialog.getByRole('button', { name: 'Create Album' }).click();

    await dialog.getByText(NOT_AN_IMAGE).waitFor(SLOW);
    expect(await cover.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe(title);
    expect(await site.app.ctx.db.select().from(albums).where(eq(albums.title, title))).toEqual([]);

    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e07a5f' } })
      .jpeg()
      .toBuffer();
    await cover.setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: picture });
    await dialog.getByRole('button', { name: 'Create Album' }).click();
    await page.getByText('Album created successfully!').waitFor(SLOW);
    const [album] = await site.app.ctx.db.select().from(albums).where(eq(albums.title, title));
    expect(album?.coverImage).toBeTruthy();
  });

  it('adds, edits and deletes a weekly service', async () => {
    const name = `Youth Night ${unique()}`;
    const stored = () => site.app.ctx.db.select().from(services).where(eq(services.name, name));
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=services');
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Day/).selectOption('Friday');
    await dialog.getByLabel(/^Time/).fill('7:00 PM');
    await dialog.getByLabel(/^Description/).fill('Games, worship and pizza for teenagers.');
    await dialog.getByLabel(/^Zoom link/).fill('not a link');
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await dialog.getByText('Enter a valid URL starting with http:// or https://.').waitFor(SLOW);
    await dialog.getByLabel(/^Zoom link/).fill('');
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await page.getByText('Service created successfully!').waitFor(SLOW);
    const card = page.getByRole('article').filter({ hasText: name });
    await card.waitFor(SLOW);
    expect((await stored())[0]).toMatchObject({ day: 'Friday', time: '7:00 PM', isActive: true });

    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Active').uncheck();
    await page.getByRole('dialog').getByRole('button', { name: 'Update Service' }).click();
    await card.getByText('Inactive').waitFor(SLOW);
    expect((await stored())[0]?.isActive).toBe(false);

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Service deleted successfully!').waitFor(SLOW);
    await expect.poll(async () => (await stored()).length, SLOW).toBe(0);
  });

  it('asks before deleting an event from its quiet Delete: Cancel keeps it, confirming removes it', async () => {
    const title = `Carols by candlelight ${unique()}`;
    const [event] = await site.app.ctx.db
      .insert(events)
      .values({ title, description: 'Carols.', date: new Date(Date.now() + 86_400_000), location: 'Main hall' })
      .returning();
    site.app.publicCache.changed();
    const stored = () => site.app.ctx.db.select().from(events).where(eq(events.id, event!.id));
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=events');
    const card = page.getByRole('article').filter({ hasText: title });
    const remove = card.getByRole('button', { name: 'Delete' });
    await remove.waitFor(SLOW);
    // Quiet on the card: no solid red button until the dialog asks.
    expect(await remove.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

    await remove.click();
    const dialog = page.getByRole('dialog', { name: `Delete the event “${title}”?` });
    await dialog.getByText('Are you sure you want to delete this event?', { exact: false }).waitFor(SLOW);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', ...SLOW });
    expect(await card.isVisible()).toBe(true);
    expect(await stored()).toHaveLength(1);

    await remove.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Event deleted successfully!').waitFor(SLOW);
    await card.waitFor({ state: 'detached', ...SLOW });
    expect(await stored()).toHaveLength(0);
  });
});
