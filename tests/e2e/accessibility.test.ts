import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { photoCollections } from '@gather/backend/db/schema';
import { startTestSite, type TestSite } from '../support/site.js';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

/** axe-core's WCAG 2.2 A/AA rules on the page as rendered; only what would block or seriously hinder someone. */
async function seriousViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Sections fade in as they scroll into view; half-faded text would fail contrast only by timing.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState === 'finished'),
  );
  // Evaluated through DevTools, not as a <script>: the site's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

it.each(['/', '/events', '/media', '/give', '/contact', '/building-fund', '/qr-generator', '/admin/login'])(
  'has no serious accessibility failures on %s',
  async (path) => {
    const page = await site.newPage({ viewport: 'phone' });
    expect(await seriousViolations(page, path)).toEqual([]);
  },
);

it.each(['/admin/dashboard', '/admin/dashboard?section=emails', '/admin/building-fund'])(
  'has no serious accessibility failures in the staff console on %s',
  async (path) => {
    const { page } = await site.staffPage();
    expect(await seriousViolations(page, path)).toEqual([]);
  },
);

it('has no serious accessibility failures on a slideshow, or where staff review uploads', async () => {
  const [collection] = await site.app.ctx.db
    .insert(photoCollections)
    .values({ name: 'Harvest Sunday', requiresApproval: true })
    .returning();
  const form = new FormData();
  form.append('uploader_name', 'Grace');
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#667eea' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'choir.jpg');
  expect((await site.app.call('POST', `/api/photo-collections/public/${collection!.id}/upload/`, form)).status).toBe(
    201,
  );

  const projector = await site.newPage();
  expect(await seriousViolations(projector, `/photo-upload/${collection!.id}/slideshow`)).toEqual([]);
  const { page } = await site.staffPage();
  const review = `/admin/dashboard?section=photo-collections&review=${collection!.id}`;
  expect(await seriousViolations(page, review)).toEqual([]);
  expect(await page.getByRole('listbox', { name: 'Uploads waiting for approval' }).count()).toBe(1);
});
