import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { eventually } from '../../support/eventually.js';
import { startTestSite, type TestSite } from '../../support/site.js';
import { signInAsStaff } from '../../support/staff.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const SLOW = { timeout: 20_000 };

async function collection(name: string, requiresApproval: boolean) {
  const [created] = await site.app.ctx.db.insert(photoCollections).values({ name, requiresApproval }).returning();
  return created!;
}

const photo = (background: string) =>
  sharp({ create: { width: 160, height: 90, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A guest's upload through the public call, waited on until the worker has made it ready. */
async function readyUpload(collectionId: string, uploaderName: string, background: string) {
  const form = new FormData();
  form.append('uploader_name', uploaderName);
  form.append(
    'file',
    new Blob([new Uint8Array(await photo(background))], { type: 'image/jpeg' }),
    `${uploaderName}.jpg`,
  );
  const answer = await site.app.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  expect(answer.status).toBe(201);
  await eventually(async () => {
    const [row] = await site.app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.id, answer.body.id));
    return row?.status === 'ready';
  }, `${uploaderName}'s upload ready`);
  return answer.body.id as number;
}

/** The caption of the slide in front, as the projector shows it. */
const frontCaption = (page: import('playwright-core').Page) => page.locator('figure[aria-hidden="false"] figcaption');

describe('approving uploads for the slideshow', () => {
  it('shows a photo staff approve with the keyboard on an open slideshow, without a reload', async () => {
    const harvest = await collection('Harvest Sunday', true);
    await readyUpload(harvest.id, 'Grace', '#667eea');
    await readyUpload(harvest.id, 'Tom', '#f97316');

    const projector = await site.newPage();
    await projector.goto(`/photo-upload/${harvest.id}/slideshow?seconds=2`);
    await projector.getByText('Photos will appear here as they are shared.').waitFor(SLOW);

    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=photo-collections');
    await page.locator('#main').getByText('2 waiting for approval').waitFor(SLOW);
    await page.getByRole('button', { name: 'Review (2) uploads of Harvest Sunday' }).click();
    const grid = page.getByRole('dialog').getByRole('listbox', { name: 'Uploads waiting for approval' });
    const options = grid.getByRole('option');
    await options.nth(1).waitFor(SLOW);

    // Newest first: Tom, then Grace. Move to Grace, select her photo with Space and approve it with A.
    await options.first().focus();
    await page.keyboard.press('ArrowRight');
    const grace = grid.getByRole('option', { name: /from Grace/ });
    expect(await grace.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await grace.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('a');
    await page.getByText('1 upload approved.').waitFor(SLOW);
    await grace.waitFor({ state: 'detached', ...SLOW });

    await frontCaption(projector).filter({ hasText: 'Shared by Grace' }).waitFor(SLOW);
    expect(await projector.getByRole('img', { name: 'Photo shared by Grace' }).isVisible()).toBe(true);

    // Tom's is rejected with R: it never reaches the projector.
    await grid.getByRole('option', { name: /from Tom/ }).focus();
    await page.keyboard.press('r');
    await page.getByText('Nothing waiting for approval').waitFor(SLOW);
    const [tom] = await site.app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.uploaderName, 'Tom'));
    expect(tom!.approval).toBe('rejected');
    expect(await projector.getByRole('img', { name: 'Photo shared by Tom' }).count()).toBe(0);
  });

  it('cycles through the photos, naming who shared each', async () => {
    const picnic = await collection('Church Picnic', false);
    await readyUpload(picnic.id, 'Ruth', '#4ecdc4');
    await readyUpload(picnic.id, 'Sam', '#a855f7');

    const projector = await site.newPage();
    await projector.goto(`/photo-upload/${picnic.id}/slideshow?seconds=2`);
    await frontCaption(projector).filter({ hasText: 'Shared by Ruth' }).waitFor(SLOW);
    await frontCaption(projector).filter({ hasText: 'Shared by Sam' }).waitFor(SLOW);
    await frontCaption(projector).filter({ hasText: 'Shared by Ruth' }).waitFor(SLOW);
    // Two slides in the page, however long it runs.
    expect(await projector.locator('figure').count()).toBe(2);
    expect(await projector.getByRole('button', { name: 'Full Screen' }).count()).toBe(1);
  });

  it("shows a guest their own upload's state after the page's reload", async () => {
    const carols = await collection('Carol Service', true);
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto(`/photo-upload/${carols.id}`);
    await page
      .getByLabel(/Drag and drop files here/)
      .setInputFiles([{ name: 'candles.jpg', mimeType: 'image/jpeg', buffer: await photo('#ff6b6b') }]);
    await page.getByRole('button', { name: 'Upload 1 File(s)' }).click();
    await page.getByRole('heading', { name: 'Upload Successful' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Refresh Now' }).click();

    const mine = page.getByRole('region', { name: 'Your uploads' });
    await mine.getByText('candles.jpg').waitFor(SLOW);
    await mine.getByText('Waiting for approval').waitFor(SLOW);

    const [upload] = await site.app.ctx.db
      .select()
      .from(collectionUploads)
      .where(eq(collectionUploads.collectionId, carols.id));
    const staff = await signInAsStaff(site.app);
    await site.app.call('POST', `/api/photo-collections/uploads/${upload!.id}/reject/`, undefined, staff.headers);
    await mine.getByText('Not approved').waitFor(SLOW);
    // Another guest's phone sees nothing of it.
    const other = await site.newPage({ viewport: 'phone' });
    await other.goto(`/photo-upload/${carols.id}`);
    await other.getByRole('heading', { level: 1, name: 'Carol Service' }).waitFor(SLOW);
    await other.waitForLoadState('networkidle');
    expect(await other.getByRole('region', { name: 'Your uploads' }).count()).toBe(0);
  });
});
