import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidewaysOverflow, startTestSite, type TestSite } from '../../support/site.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { eventually } from '../../support/eventually.js';

let site: TestSite;
let staff: Staff;
beforeAll(async () => {
  site = await startTestSite({ LIVE_STREAM_URL: 'https://meet.example.org/gather-live' });
  staff = await signInAsStaff(site.app);
});
afterAll(() => site?.close());

/** Next year, so the events are upcoming whenever the tests run. */
const year = new Date().getUTCFullYear() + 1;
const staffCall = (method: string, route: string, body?: unknown) => site.app.call(method, route, body, staff.headers);

function form(fields: Record<string, string>, image?: { bytes: Buffer; name: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', new Blob([new Uint8Array(image.bytes)], { type: 'image/jpeg' }), image.name);
  return data;
}

async function createEvent(fields: Record<string, string>) {
  const answer = await staffCall(
    'POST',
    '/api/events/',
    form({ description: 'All welcome.', location: 'Main hall', date: `${year}-07-01T19:00`, ...fields }),
  );
  expect(answer.status).toBe(201);
  return answer.body;
}

async function createSermon(title: string, date: string) {
  const answer = await staffCall('POST', '/api/sermons/', {
    title,
    speaker: 'Pastor Grace',
    date,
    description: 'A word for the week.',
    video_url: null,
    thumbnail: null,
  });
  expect(answer.status).toBe(201);
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

describe('the events page with nothing planned', () => {
  it('says there are no special and no upcoming events, and still lists the regular activities', async () => {
    const page = await site.newPage();
    await page.goto('/events');
    await expect.poll(() => visible(page, 'No Special Events Currently')).toBe(true);
    await expect.poll(() => visible(page, 'No upcoming events at this time.')).toBe(true);
    expect(await page.getByRole('heading', { name: 'Regular Activities' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Choir Practice' }).isVisible()).toBe(true);
  });
});

describe('the home page', () => {
  it('shows the stored welcome, the next events and the three latest sermons', async () => {
    const saved = await staffCall('PUT', '/api/admin/homepage/', {
      heroTitle: 'Hope Lives Here',
      heroSubtitle: 'A family for everyone in north London.',
      heroCta: 'See you on Sunday',
      welcomeTitle: 'Come As You Are',
      welcomeMessage: 'Coffee is on from 9:30 every Sunday.',
    });
    expect(saved.status).toBe(200);
    await createEvent({ title: 'Harvest Supper', price: '12.50', description: 'x'.repeat(150) });
    for (const [title, date] of [
      ['Oldest Sermon', '2026-01-04'],
      ['Faith in Winter', '2026-01-11'],
      ['Joy in the Morning', '2026-01-18'],
      ['Newest Sermon', '2026-01-25'],
    ])
      await createSermon(title!, date!);

    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hope Lives Here');
    expect(await visible(page, 'A family for everyone in north London.')).toBe(true);
    expect(await page.getByRole('heading', { name: 'Come As You Are' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Join Online/ }).getAttribute('href')).toBe(
      'https://meet.example.org/gather-live',
    );

    const events = page.getByRole('list', { name: 'Upcoming Events' });
    await expect.poll(() => events.getByRole('heading', { name: 'Harvest Supper' }).count()).toBe(1);
    expect(await events.getByText('$12.50').count()).toBe(1);
    expect(await events.getByText(`${'x'.repeat(100)}...`).count()).toBe(1);

    const sermons = page.getByRole('list', { name: 'Latest Messages' });
    await expect
      .poll(() => sermons.getByRole('heading').allTextContents())
      .toEqual(['Newest Sermon', 'Joy in the Morning', 'Faith in Winter']);
  });

  it('starts the muted hero video only after the poster has painted', async () => {
    const page = await site.newPage();
    await page.goto('/');
    const video = page.locator('video');
    expect(await video.getAttribute('poster')).toBe('/hero/hero-poster.webp');
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted && element.loop)).toBe(true);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.preload)).toBe('auto');
    const poster = await page.request.get('/hero/hero-poster.webp');
    expect(poster.headers()['content-type']).toBe('image/webp');
  });
});

describe('the events page', () => {
  it('puts special events in their own grid and leaves them out of the upcoming list', async () => {
    await createEvent({
      title: 'Easter Conference',
      is_special: 'true',
      status: 'ongoing',
      button_text: 'Register',
      event_link: 'https://tickets.example.org/easter',
      date: `${year}-04-01T10:00`,
    });
    await createEvent({ title: 'Community Picnic', date: `${year}-08-01T12:00` });

    const page = await site.newPage();
    await page.goto('/events');
    const special = page.getByRole('list', { name: "Don't Miss These Special Events" });
    const upcoming = page.getByRole('list', { name: 'Upcoming Events' });
    await expect.poll(() => special.getByRole('heading').allTextContents()).toEqual(['Easter Conference']);
    expect(await special.getByText('Ongoing').isVisible()).toBe(true);
    expect(await special.getByRole('link', { name: /Register/ }).getAttribute('href')).toBe(
      'https://tickets.example.org/easter',
    );
    await expect
      .poll(() => upcoming.getByRole('heading').allTextContents())
      .toEqual(['Harvest Supper', 'Community Picnic']);
    expect(await upcoming.getByRole('link', { name: 'Learn More' }).count()).toBe(2);
  });
});

describe('the media page', () => {
  it('opens an album and pages through its photos with the buttons and the arrow keys', async () => {
    const album = await staffCall('POST', '/api/albums/', form({ title: 'Summer Picnic' }));
    expect(album.status).toBe(201);
    for (const [index, colour] of ['#667eea', '#4ecdc4', '#ff6b6b'].entries()) {
      const bytes = await sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      const photo = await staffCall(
        'POST',
        '/api/gallery/',
        form(
          { album: String(album.body.id), title: `Picnic ${index + 1}` },
          { bytes, name: `picnic-${index + 1}.jpg` },
        ),
      );
      expect(photo.status).toBe(201);
    }
    await eventually(async () => {
      const photos = await site.app.call('GET', `/api/gallery/album/${album.body.id}/`);
      return photos.body.length === 3 && photos.body.every((photo: { status: string }) => photo.status === 'ready');
    }, 'three photos ready');

    const page = await site.newPage();
    await page.goto('/media');
    await page.getByRole('button', { name: /Summer Picnic/ }).click();
    const albumDialog = page.getByRole('dialog', { name: 'Summer Picnic' });
    await albumDialog.getByRole('button', { name: 'Picnic 1' }).click();

    const viewer = page.getByRole('dialog', { name: /Summer Picnic: Picnic/ });
    await expect.poll(() => viewer.getByText(/of 3/).textContent()).toBe('1 of 3');
    expect(await viewer.getByRole('button', { name: 'Previous photo' }).isDisabled()).toBe(true);
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect.poll(() => viewer.getByText(/of 3/).textContent()).toBe('2 of 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.getByText(/of 3/).textContent()).toBe('3 of 3');
    expect(await viewer.getByRole('img').getAttribute('alt')).toBe('Picnic 3');
    expect(await viewer.getByRole('button', { name: 'Next photo' }).isDisabled()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => viewer.getByText(/of 3/).textContent()).toBe('2 of 3');
    const image = await page.request.get((await viewer.getByRole('link', { name: 'Download' }).getAttribute('href'))!);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await albumDialog.isVisible()).toBe(true);
  });
});

describe('on a phone', () => {
  it.each(['/', '/about', '/services', '/events', '/media', '/give', '/connect', '/contact'])(
    'nothing on %s is wider than the screen',
    async (path) => {
      const page = await site.newPage({ viewport: 'phone' });
      expect(await sidewaysOverflow(page, path)).toBeLessThanOrEqual(0);
    },
  );
});
