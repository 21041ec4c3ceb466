import { Readable } from 'node:stream';
import { parseSitemap } from 'sitemap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

const SITE = 'https://www.gatherchurch.example';
let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: SITE });
  staff = await signInAsStaff(app);
});
afterAll(() => app?.close());

const year = new Date().getUTCFullYear() + 1;

async function siteMap() {
  const response = await fetch(`${app.url}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return parseSitemap(Readable.from([await response.text()]));
}

describe('what search engines are told', () => {
  it('lists the public pages, a newly created event and the sermon videos, on the public address', async () => {
    const event = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Harvest Supper',
      description: 'Bring a dish to share.',
      location: 'Church hall',
      date: `${year}-09-12T18:30`,
    }))
      event.append(name, value);
    const created = await app.call('POST', '/api/events/', event, staff.headers);
    expect(created.status).toBe(201);
    const sermon = await app.call(
      'POST',
      '/api/sermons/',
      {
        title: 'Living Hope',
        speaker: 'Pastor Ruth',
        date: `${year - 1}-03-01`,
        description: 'On 1 Peter 1.',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
      staff.headers,
    );
    expect(sermon.status).toBe(201);

    const items = await siteMap();
    const urls = items.map((item) => item.url);
    for (const page of ['/', '/about', '/services', '/events', '/media', '/give', '/connect', '/contact'])
      expect(urls).toContain(`${SITE}${page}`);
    expect(urls).toContain(`${SITE}/events/${created.body.id}`);
    expect(urls.some((url) => url.includes('/admin'))).toBe(false);
    const media = items.find((item) => item.url === `${SITE}/media`)!;
    expect(media.video.map((video) => [video.title, video.player_loc])).toEqual([
      ['Living Hope', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ]);
  });

  it('lets robots read the site but not the staff console or the API, and points them to the sitemap', async () => {
    const response = await fetch(`${app.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
