import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { eventually } from '../../support/eventually.js';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';
import { readStored } from '../../support/stored-media.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

async function openCollection(name: string) {
  const [collection] = await site.app.ctx.db
    .insert(photoCollections)
    .values({ name, description: 'Share your harvest photos.', allowVideos: false, maxFileSizeMb: 1 })
    .returning();
  return collection!;
}

const uploadsOf = (collectionId: string) =>
  site.app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.collectionId, collectionId));

const photo = (background: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('the public photo upload page', () => {
  it('uploads two photos with the sharer’s name, stored in the database and on disk', async () => {
    const collection = await openCollection('Harvest Festival');
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto(`/photo-upload/${collection.id}`);
    await page.getByRole('heading', { level: 1, name: 'Harvest Festival' }).waitFor();
    expect(await page.getByText('Maximum 1 MB per file · images only').isVisible()).toBe(true);

    await page.getByLabel(/^Your Name/).fill('Grace');
    await page.getByLabel(/Drag and drop files here/).setInputFiles([
      { name: 'choir.jpg', mimeType: 'image/jpeg', buffer: await photo('#667eea') },
      { name: 'supper.jpg', mimeType: 'image/jpeg', buffer: await photo('#f97316') },
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'Upload 2 File(s)' }).click();

    await page.getByRole('heading', { name: 'Upload Successful' }).waitFor();
    expect(await page.getByText('2 files uploaded').isVisible()).toBe(true);
    // Staying for more stops the page refreshing by itself.
    await page.getByRole('button', { name: 'Upload More Files' }).click();
    expect(await page.getByRole('button', { name: 'Upload 0 File(s)' }).isDisabled()).toBe(true);

    const uploads = await uploadsOf(collection.id);
    expect(
      uploads
        .map(({ originalFilename, uploaderName }) => ({ originalFilename, uploaderName }))
        .sort((a, b) => a.originalFilename.localeCompare(b.originalFilename)),
    ).toEqual([
      { originalFilename: 'choir.jpg', uploaderName: 'Grace' },
      { originalFilename: 'supper.jpg', uploaderName: 'Grace' },
    ]);
    // The worker replaces each file with a copy without its location: read them once it has.
    const processed = await eventually(async () => {
      const rows = await uploadsOf(collection.id);
      return rows.every((row) => row.status === 'ready') && rows;
    }, 'both photos processed');
    for (const upload of processed) {
      const { width, height } = await sharp(await readStored(site.app, upload.file)).metadata();
      expect({ width, height }).toEqual({ width: 96, height: 64 });
    }
  });

  it('brings the success card into view below the navbar after a long list of photos', async () => {
    const collection = await openCollection('Carol Service');
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto(`/photo-upload/${collection.id}`);
    await page.getByRole('heading', { level: 1, name: 'Carol Service' }).waitFor();
    const colours = ['#667eea', '#f97316', '#14b8a6', '#a855f7', '#ef4444', '#22c55e', '#eab308', '#0ea5e9'];
    await page.getByLabel(/Drag and drop files here/).setInputFiles(
      await Promise.all(
        colours.map(async (colour, index) => ({
          name: `carol-${index}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await photo(colour),
        })),
      ),
    );
    // The visitor has scrolled down the list to the button, which sits at the bottom of the screen.
    const upload = page.getByRole('button', { name: 'Upload 8 File(s)' });
    await upload.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await upload.click();

    const card = page.getByRole('region', { name: 'Upload Successful' });
    await card.waitFor();
    const navbar = page.locator('header[data-scrolled]');
    const top = async () => (await card.boundingBox())!.y;
    await expect.poll(async () => (await top()) >= (await navbar.boundingBox())!.height, SLOW).toBe(true);
    expect(await top()).toBeLessThan(page.viewportSize()!.height / 2);
  });

  it('skips a file over the size limit in the browser, saying so', async () => {
    const collection = await openCollection('Picnic');
    const page = await site.newPage();
    await page.goto(`/photo-upload/${collection.id}`);
    await page.getByLabel(/Drag and drop files here/).setInputFiles([
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(1024 * 1024 + 1) },
      { name: 'small.jpg', mimeType: 'image/jpeg', buffer: await photo('#4ecdc4') },
    ]);
    await page.getByText('1 file(s) were skipped due to size or type restrictions.').waitFor();
    expect(await page.getByRole('button', { name: 'Remove small.jpg' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove huge.jpg' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload 1 File(s)' }).isEnabled()).toBe(true);
  });

  it('shows the upload error when the server refuses a text file named like a photo', async () => {
    const collection = await openCollection('Baptisms');
    const page = await site.newPage();
    await page.goto(`/photo-upload/${collection.id}`);
    await page
      .getByLabel(/Drag and drop files here/)
      .setInputFiles([
        { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.') },
      ]);
    await page.getByRole('button', { name: 'Upload 1 File(s)' }).click();

    await page.getByRole('heading', { name: 'Upload Error' }).waitFor();
    expect(await page.getByText('Failed to upload files. Please try again.').isVisible()).toBe(true);
    expect(await uploadsOf(collection.id)).toEqual([]);
    await page.getByRole('button', { name: 'Try Again' }).click();
    expect(await page.getByRole('button', { name: 'Upload 1 File(s)' }).isEnabled()).toBe(true);
  });

  it('keeps files picked on the page drawn on the server before its code has loaded', async () => {
    const collection = await openCollection('Harvest supper');
    const page = await site.newPage();
    let releaseCode!: () => void;
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route('**/*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back, so only the arrival of the page is awaited.
    await page.goto(`/photo-upload/${collection.id}`, { waitUntil: 'commit' });
    await page
      .getByLabel(/Drag and drop files here/)
      .setInputFiles([{ name: 'early.jpg', mimeType: 'image/jpeg', buffer: await photo('#22c55e') }]);
    releaseCode();

    await page.getByRole('button', { name: 'Upload 1 File(s)' }).waitFor();
    expect(await page.getByText('early.jpg').isVisible()).toBe(true);
  });

  it('says the collection was not found when it is closed', async () => {
    const collection = await openCollection('Closed');
    await site.app.ctx.db
      .update(photoCollections)
      .set({ isActive: false })
      .where(eq(photoCollections.id, collection.id));
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto(`/photo-upload/${collection.id}`);
    await page.getByRole('heading', { name: 'Collection Not Found' }).waitFor();
    expect(await page.getByText('Failed to load collection').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe('/');
  });
});
