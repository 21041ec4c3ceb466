import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { hevcMovWithLocation } from '../../support/pictures.js';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const SLOW = { timeout: 15_000 };
const hasFfmpeg = !spawnSync('ffmpeg', ['-version']).error && !spawnSync('ffprobe', ['-version']).error;

/** A guest's upload through the public call, from a client other than the staff browser. */
async function guestUpload(collectionId: string, name: string) {
  const bytes = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#4ecdc4' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('uploader_name', 'Grace');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const answer = await site.app.call('POST', `/api/photo-collections/public/${collectionId}/upload/`, form);
  expect(answer.status).toBe(201);
}

async function zipEntryNames(zip: Buffer): Promise<string[]> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const names: Promise<string>[] = [];
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      names.push(
        promisify(archive.openReadStream.bind(archive))(entry).then(async (stream) => {
          await buffer(stream);
          return entry.fileName;
        }),
      );
    });
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  return Promise.all(names);
}

describe('the photo collections section', () => {
  it('shows a guest upload live in the open uploads modal and downloads it all as a zip', async () => {
    const [collection] = await site.app.ctx.db
      .insert(photoCollections)
      .values({ name: 'Harvest Supper', description: 'Photos of the supper.' })
      .returning();
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=photo-collections');
    await page.getByRole('button', { name: 'View Uploads of Harvest Supper' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No uploads yet').waitFor(SLOW);
    await dialog.getByText('Live', { exact: true }).waitFor(SLOW);

    await guestUpload(collection!.id, 'supper-table.jpg');
    const uploads = dialog.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await uploads.filter({ hasText: 'supper-table.jpg' }).waitFor(SLOW);
    expect(await uploads.filter({ hasText: 'Grace' }).count()).toBe(1);
    await dialog.getByRole('img', { name: 'supper-table.jpg' }).waitFor(SLOW);

    await dialog.getByRole('button', { name: 'Download All' }).click();
    const link = dialog.getByRole('link', { name: /Save zip file/ });
    await link.waitFor(SLOW);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const names = await zipEntryNames(await readFile((await download.path())!));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/supper-table/);
  });

  it.skipIf(!hasFfmpeg)('opens an iPhone HEVC video in its H.264 copy, which Chromium plays', async () => {
    const [collection] = await site.app.ctx.db.insert(photoCollections).values({ name: 'Baptism' }).returning();
    const form = new FormData();
    form.append('uploader_name', 'Grace');
    const video = await hevcMovWithLocation(320, 240, 1);
    form.append('file', new Blob([new Uint8Array(video)], { type: 'video/quicktime' }), 'IMG_0042.MOV');
    const answer = await site.app.call('POST', `/api/photo-collections/public/${collection!.id}/upload/`, form);
    expect(answer.status).toBe(201);

    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=photo-collections');
    await page.getByRole('button', { name: 'View Uploads of Baptism' }).click();
    const open = page.getByRole('dialog').getByRole('link', { name: /^Open IMG_0042\.MOV/ });
    await open.waitFor(SLOW);
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(/\.mp4$/);
    const played = await page.evaluate(async (src) => {
      const element = document.createElement('video');
      element.muted = true;
      element.src = src;
      await new Promise((resolve, reject) => {
        element.onloadeddata = resolve;
        element.onerror = () => reject(new Error(`cannot play: ${element.error?.message}`));
      });
      return [element.videoWidth, element.videoHeight];
    }, href);
    expect(played).toEqual([320, 240]);
  });

  it('creates a collection through its form, checking the size limit in the browser', async () => {
    const { page } = await site.staffPage();
    await page.goto('/admin/dashboard?section=photo-collections');
    await page.getByRole('button', { name: 'Create Collection' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Choir Tour');
    await dialog.getByLabel(/^Maximum file size/).fill('500');
    await dialog.getByRole('button', { name: 'Create Collection' }).click();
    await dialog.getByText('Ensure this value is less than or equal to 100.').waitFor(SLOW);
    await dialog.getByLabel(/^Maximum file size/).fill('20');
    await dialog.getByLabel('Allow videos').uncheck();
    await dialog.getByRole('button', { name: 'Create Collection' }).click();
    await page.getByText('Photo collection created successfully!').waitFor(SLOW);
    await page.getByRole('heading', { name: 'Choir Tour' }).waitFor(SLOW);

    const [stored] = await site.app.ctx.db
      .select()
      .from(photoCollections)
      .where(eq(photoCollections.name, 'Choir Tour'));
    expect(stored).toMatchObject({ maxFileSizeMb: 20, allowVideos: false, isActive: true });
  });
});
