import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { prayerRequests } from '@gather/server/platform/database/schema/prayer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { emailCampaigns } from '@gather/server/platform/database/schema/newsletters';
import { sermons, sermonSeries } from '@gather/server/platform/database/schema/sermons';
import { DASHBOARD_SECTIONS, dashboardSectionPath } from '../../../frontend/src/lib/staff-sections.js';
import { poll, qnaSession } from '../../support/polls.js';
import { LONG_EVENT, seedConsole, sendGuestPhoto } from '../../support/staff-console.js';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';

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
  return violationsHere(page);
}

/** A staff page is drawn in the browser: its heading shows it has arrived, with its content loading. */
async function staffViolations(page: Page, path: string) {
  await page.goto(path);
  await page.locator('h1').first().waitFor({ timeout: 10_000 });
  return violationsHere(page);
}

/** The same checks on the page as it is now: after opening a dialog, say. */
async function violationsHere(page: Page) {
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

it.each([
  '/',
  '/events',
  '/media',
  '/give',
  '/contact',
  '/prayer',
  '/building-fund',
  '/qr-generator',
  '/sunday',
  '/admin/login',
])('has no serious accessibility failures on %s', async (path) => {
  const page = await site.newPage({ viewport: 'phone' });
  expect(await seriousViolations(page, path)).toEqual([]);
});

describe('every staff page, with cards, badges and waiting work on it', () => {
  let page: Page;
  let sessionId: string;
  let setPasswordPath: string;
  let signUpsEventId: number;

  beforeAll(async () => {
    ({ page, sessionId, setPasswordPath, signUpsEventId } = await seedConsole(site));
  });

  it.each([
    ...DASHBOARD_SECTIONS.map((section) => dashboardSectionPath(section.id)),
    '/admin/contacts',
    '/admin/connections',
    '/admin/giving',
    '/admin/building-fund',
  ])('has no serious accessibility failures on %s', async (path) => {
    expect(await staffViolations(page, path)).toEqual([]);
  });

  it('has none on the Prayer page of the console nor on the wall, with a request on each', async () => {
    await site.app.ctx.db.insert(prayerRequests).values({
      text: 'Please pray for our family this winter.',
      name: 'Naomi',
      visibility: 'wall',
      wallText: 'Please pray for our family this winter.',
      wallName: 'Naomi',
      approvedAt: new Date(),
    });
    expect(await staffViolations(page, '/admin/prayer')).toEqual([]);
    const phone = await site.newPage({ viewport: 'phone' });
    expect(await seriousViolations(phone, '/prayer/wall')).toEqual([]);
  });

  it('has none on a person found in People, nor on a draft campaign open in the editor', async () => {
    expect(await staffViolations(page, '/admin/dashboard?section=people')).toEqual([]);
    await page.getByLabel('Email address').fill('ruth.naomi@example.org');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'Erase this person' }).waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);

    const [draft] = await site.app.ctx.db
      .select({ id: emailCampaigns.id })
      .from(emailCampaigns)
      .where(eq(emailCampaigns.status, 'draft'));
    expect(await staffViolations(page, `/admin/dashboard?section=emails&draft=${draft!.id}`)).toEqual([]);
  });

  it('has none in an event’s edit form, nor in the dialog asking before a delete', async () => {
    await page.goto('/admin/dashboard?section=events');
    const card = page.getByRole('article').filter({ hasText: LONG_EVENT });
    await card.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Title/)
      .waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('has none on an event’s sign-ups, its sign-up and add forms, nor at its door', async () => {
    expect(await staffViolations(page, `/admin/events/${signUpsEventId}/registrations`)).toEqual([]);
    await page
      .getByRole('cell', { name: /Oluwaseun/ })
      .first()
      .waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign-up settings' }).click();
    await page.getByRole('dialog').getByLabel('Question 3').waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add someone' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Main course/)
      .waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await staffViolations(page, `/admin/events/${signUpsEventId}/check-in`)).toEqual([]);
  });

  it('has none where a Q&A session is moderated, nor on the projector', async () => {
    expect(await staffViolations(page, `/qna/view/${sessionId}`)).toEqual([]);
    await page.getByRole('button', { name: 'Start Question Review' }).click();
    await page.getByText('When will the new hall open?').first().waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('dialog', { name: 'Presentation mode' }).waitFor(SLOW);
    expect(await violationsHere(page)).toEqual([]);
  });

  it.each([360, 1920])(
    'keeps every card section within a %i px window, nothing cut at a card’s edge',
    async (width) => {
      await page.setViewportSize({ width, height: 860 });
      const sections = [
        'homepage',
        'services',
        'events',
        'media',
        'qna',
        'photo-collections',
        'gatherings',
        'sermons',
        'staff-accounts',
      ] as const;
      for (const section of ['dashboard', ...sections] as const) {
        const path = dashboardSectionPath(section);
        await page.goto(path);
        await page.locator('h1').first().waitFor(SLOW);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => ({
          sideways: document.documentElement.scrollWidth - window.innerWidth,
          // Anything a card clips at its right edge: a badge, a button, a title.
          cut: [...document.querySelectorAll('article, [data-testid="staff-account"]')].flatMap((card) => {
            const edge = card.getBoundingClientRect().right;
            return [...card.querySelectorAll('*')]
              .filter((inner) => !inner.closest('.visually-hidden') && inner.getBoundingClientRect().right > edge + 1)
              .map((inner) => inner.textContent?.trim().slice(0, 30));
          }),
        }));
        expect({ path, ...overflow }).toEqual({ path, sideways: 0, cut: [] });
      }
      await page.setViewportSize({ width: 1280, height: 860 });
    },
  );

  it('has none on the set-password page an e-mailed link opens', async () => {
    const visitor = await site.newPage({ viewport: 'phone' });
    expect(await staffViolations(visitor, setPasswordPath)).toEqual([]);
    expect(await visitor.getByLabel(/^New password/).count()).toBe(1);
  });
});

it('has no serious accessibility failures on a sermon series with a recording, for visitors and staff', async () => {
  const [series] = await site.app.ctx.db
    .insert(sermonSeries)
    .values({ title: 'Romans', description: 'Chapter by chapter.' })
    .returning();
  await site.app.ctx.db.insert(sermons).values([
    { title: 'Newest Word', speaker: 'Pastor Grace', date: '2026-03-29' },
    {
      title: 'No Condemnation',
      speaker: 'Pastor Grace',
      date: '2026-03-22',
      seriesId: series!.id,
      audioFile: 'sermons/audio/romans-8.mp3',
      audioMimeType: 'audio/mpeg',
      audioSize: 1000,
      audioDurationSeconds: '2530.00',
    },
  ]);
  site.app.publicCache.changed();
  const visitor = await site.newPage({ viewport: 'phone' });
  expect(await seriousViolations(visitor, '/media')).toEqual([]);
  const { page } = await site.staffPage();
  expect(await seriousViolations(page, '/admin/dashboard?section=sermons')).toEqual([]);
});

it('has no serious accessibility failures on a slideshow, or where staff review uploads', async () => {
  const [collection] = await site.app.ctx.db
    .insert(photoCollections)
    .values({ name: 'Harvest Sunday', requiresApproval: true })
    .returning();
  await sendGuestPhoto(site, collection!.id);

  const projector = await site.newPage();
  expect(await seriousViolations(projector, `/photo-upload/${collection!.id}/slideshow`)).toEqual([]);
  const { page } = await site.staffPage();
  const review = `/admin/dashboard?section=photo-collections&review=${collection!.id}`;
  await page.goto(review);
  // The photo joins the list once the worker has re-encoded it, live, perhaps after the page has settled.
  await page.getByRole('listbox', { name: 'Uploads waiting for approval' }).waitFor({ timeout: 20_000 });
  expect(await violationsHere(page)).toEqual([]);
});

it('has no serious accessibility failures on a live poll: on a phone, where staff run it, and on the projector', async () => {
  const { page, staff } = await site.staffPage();
  const sessionId = await qnaSession(site.app, staff);
  await poll(site.app, staff, sessionId, { question: 'One word for tonight', type: 'words' }, false);
  const launched = await poll(site.app, staff, sessionId, { question: 'How was tonight?', type: 'rating' });
  const phone = await site.newPage({ viewport: 'phone' });
  await phone.goto(`/qna/submit/${sessionId}`);
  await phone.getByRole('button', { name: '4 stars' }).click();
  await phone.getByRole('status').filter({ hasText: 'Your answer is in' }).waitFor(SLOW);
  expect(await site.app.call('POST', `/api/qna/polls/${launched.id}/reveal/`, undefined, staff.headers)).toMatchObject({
    status: 200,
  });
  await phone.getByText('out of 5 on average').waitFor(SLOW);
  expect(await violationsHere(phone)).toEqual([]);

  expect(await staffViolations(page, `/qna/view/${sessionId}`)).toEqual([]);
  await page.getByRole('region', { name: 'Polls' }).getByText('out of 5 on average').waitFor(SLOW);
  expect(await violationsHere(page)).toEqual([]);
  await page.getByRole('button', { name: 'New Poll' }).click();
  await page.getByRole('dialog', { name: 'Prepare a Poll' }).waitFor(SLOW);
  expect(await violationsHere(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Projector View' }).click();
  await page
    .getByRole('dialog', { name: 'Poll presentation' })
    .getByRole('img', { name: /QR code to join/ })
    .waitFor(SLOW);
  expect(await violationsHere(page)).toEqual([]);
});
