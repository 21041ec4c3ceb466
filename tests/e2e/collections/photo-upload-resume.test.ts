import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { startTestSite, type TestSite } from '../../support/site.js';

let site: TestSite;
let folder: string;
beforeAll(async () => {
  site = await startTestSite();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-resume-'));
});
afterAll(async () => {
  await site?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const MIB = 1024 * 1024;
const RESUMABLE = '**/api/uploads/resumable/**';
/** Sending 40 MB through a busy machine's browser takes a while; these are limits, not expectations. */
const SLOW = { timeout: 60_000 };

/** A 40 MB "photo": a real JPEG header, then filler. On disk, so the browser sees a stable file. */
async function bigPhoto(name: string): Promise<{ file: string }> {
  const header = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const bytes = Buffer.concat([header, randomBytes(40 * MIB - header.length)]);
  const file = path.join(folder, name);
  await fs.writeFile(file, bytes);
  return { file };
}

async function openCollection(name: string) {
  const [collection] = await site.app.ctx.db
    .insert(photoCollections)
    .values({ name, allowVideos: false, maxFileSizeMb: 100 })
    .returning();
  return collection!;
}

/** What the page asks of the resumable endpoint: uploads started, offsets sent from, and the finished upload. */
function watchUploads(page: Page) {
  const seen = { created: 0, offsets: [] as number[], finished: [] as Array<{ file_size_mb: number }> };
  page.on('request', (request) => {
    if (!request.url().includes('/api/uploads/resumable/')) return;
    if (request.method() === 'POST') seen.created += 1;
    if (request.method() === 'PATCH') seen.offsets.push(Number(request.headers()['upload-offset']));
  });
  page.on('response', async (response) => {
    const finishing = response.request().method() === 'PATCH' && response.status() === 200;
    if (response.url().includes('/api/uploads/resumable/') && finishing) {
      seen.finished.push(await response.json());
    }
  });
  return seen;
}

/**
 * The phone's network, between the page and the resumable endpoint: it lets `piecesBeforeTheDrop` pieces through,
 * then drops every request until `restore()`, so the upload is always cut off mid-way however fast the machine.
 */
async function flakyNetwork(page: Page, piecesBeforeTheDrop: number) {
  let pieces = 0;
  let down = false;
  await page.route(RESUMABLE, async (route) => {
    if (route.request().method() === 'PATCH' && (pieces += 1) > piecesBeforeTheDrop) down = true;
    await (down ? route.abort('internetdisconnected') : route.continue());
  });
  return {
    restore: () => {
      down = false;
      pieces = -Infinity;
    },
  };
}

const uploadsOf = (collectionId: string) =>
  site.app.ctx.db.select().from(collectionUploads).where(eq(collectionUploads.collectionId, collectionId));

/**
 * Stored once, every byte of it: the last piece is answered with the upload as saved, before the worker replaces
 * the original with a cleaned copy (tests/integration/collections/resumable-uploads.test.ts compares the stored bytes).
 */
async function expectStoredWhole(collectionId: string, name: string, finished: Array<{ file_size_mb: number }>) {
  expect(finished.map((upload) => upload.file_size_mb)).toEqual([40]);
  expect((await uploadsOf(collectionId)).map((upload) => upload.originalFilename)).toEqual([name]);
}

describe('a large photo on a connection that drops', () => {
  it('stalls while the network is gone, resumes by itself when it is back, and arrives whole', async () => {
    const collection = await openCollection('Baptism');
    const { file } = await bigPhoto('font.jpg');
    const page = await site.newPage({ viewport: 'phone' });
    const seen = watchUploads(page);
    // Three pieces get through; then the phone loses its network.
    const network = await flakyNetwork(page, 3);
    await page.goto(`/photo-upload/${collection.id}`);
    await page.getByLabel(/Drag and drop files here/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload 1 File(s)' }).click();

    await page.getByText('Resuming…').waitFor(SLOW);
    const sentBeforeTheDrop = Math.max(...seen.offsets);
    expect(sentBeforeTheDrop).toBeGreaterThan(0);

    network.restore();
    await page.getByRole('heading', { name: 'Upload Successful' }).waitFor(SLOW);
    expect(await page.getByText('1 file uploaded').isVisible()).toBe(true);

    // One upload, continued: never started again from the first byte.
    expect(seen.created).toBe(1);
    expect(seen.offsets.filter((offset) => offset === 0)).toHaveLength(1);
    expect(seen.offsets.at(-1)).toBeGreaterThanOrEqual(sentBeforeTheDrop);
    await expectStoredWhole(collection.id, 'font.jpg', seen.finished);
  }, 120_000);

  it('continues where it stopped when the page is reloaded and the same file picked again', async () => {
    const collection = await openCollection('Harvest');
    const { file } = await bigPhoto('harvest.jpg');
    const page = await site.newPage();
    const seen = watchUploads(page);
    // The guest gives up waiting on a dead network after two pieces, and reloads the page.
    const network = await flakyNetwork(page, 2);
    await page.goto(`/photo-upload/${collection.id}`);
    await page.getByLabel(/Drag and drop files here/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload 1 File(s)' }).click();
    await page.getByText('Resuming…').waitFor(SLOW);

    await page.reload();
    network.restore();
    // The page says which file did not finish, and how to continue it.
    await page
      .getByText(
        'Not finished last time: harvest.jpg. Choose the same file again and it will continue where it stopped.',
      )
      .waitFor(SLOW);
    await page.getByLabel(/Drag and drop files here/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload 1 File(s)' }).click();
    await page.getByText('Resuming…').waitFor(SLOW);
    await page.getByRole('heading', { name: 'Upload Successful' }).waitFor(SLOW);

    expect(seen.created).toBe(1);
    expect(seen.offsets.filter((offset) => offset === 0)).toHaveLength(1);
    await expectStoredWhole(collection.id, 'harvest.jpg', seen.finished);
    // Finished, it is no longer offered as unfinished.
    await page.reload();
    // "Your uploads" is asked for once the page runs in the browser, after it has looked for unfinished ones.
    await page.getByRole('heading', { name: 'Your uploads' }).waitFor(SLOW);
    expect(await page.getByText(/Not finished last time/).count()).toBe(0);
  }, 120_000);
});
