import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWeekOfContent, MORNING_WORSHIP } from '../../support/church-content.js';
import { events } from '@gather/server/platform/database/schema/events';
import { eventually } from '../../support/eventually.js';
import { startTestSite, type TestSite } from '../../support/site.js';
import { newEvent } from '../../support/registrations.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { collectErrors, NEXT_YEAR, pageWithoutScript, staffCreates } from '../../support/visitor-pages.js';

let site: TestSite;
let staff: Staff;
beforeAll(async () => {
  site = await startTestSite();
  staff = await signInAsStaff(site.app);
});
afterAll(() => site?.close());

const staffCall = (method: string, route: string, body?: unknown) => site.app.call(method, route, body, staff.headers);

function sectionOpacity(page: Page, heading: string): Promise<string> {
  return page
    .getByRole('heading', { name: heading })
    .evaluate((element) => getComputedStyle(element.closest('section')!).opacity);
}

describe('pages drawn by the server', () => {
  it('shows the stored hero texts and the upcoming events before any script runs', async () => {
    const hero = await staffCall('GET', '/api/homepage/');
    const saved = await staffCall('PUT', '/api/admin/homepage/', { ...hero.body, heroTitle: 'Welcome Home, Holloway' });
    expect(saved.status).toBe(200);
    await newEvent(site.app, staff, {
      title: 'Harvest Supper',
      description: 'Bring a dish to share.',
      location: 'Church hall',
      date: `${NEXT_YEAR}-09-12T18:30`,
      event_type: 'special',
    });

    const page = await pageWithoutScript(site);
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome Home, Holloway');
    expect(await page.getByText('Harvest Supper').first().isVisible()).toBe(true);
    expect(await page.title()).toBe('Gather Church');

    await page.goto('/events');
    expect(await page.title()).toBe('Events | Gather Church');
    expect(await page.getByRole('heading', { name: 'Harvest Supper' }).first().isVisible()).toBe(true);
  });

  it('shows what a visitor typed as text, even when it looks like a script', async () => {
    const sessionId = await staffCreates(site.app, staff, '/api/qna/sessions/', {
      title: 'Youth night',
      description: 'Ask away',
    });
    const sneaky = '</script><script>window.__sneaky = true</script><img src=x onerror="window.__sneaky = true">';
    const asked = await site.app.call('POST', `/api/qna/public/sessions/${sessionId}/submit/`, {
      text: sneaky,
      category: 'general',
      name: 'Sam',
    });
    expect(asked.status).toBe(201);

    const page = await site.newPage({ viewport: 'phone' });
    const errors = collectErrors(page);
    await page.goto(`/qna/submit/${sessionId}`);
    const recent = page.getByRole('region', { name: 'All Questions' });
    await expect.poll(() => recent.getByText(sneaky).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as { __sneaky?: boolean }).__sneaky)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('draws the question page a congregation opens from a QR code, and wakes it without asking for the session again', async () => {
    const sessionId = await staffCreates(site.app, staff, '/api/qna/sessions/', {
      title: 'Harvest Supper Questions',
      description: 'Ask the panel anything',
    });
    const asked = await site.app.call('POST', `/api/qna/public/sessions/${sessionId}/submit/`, {
      text: 'Will there be seconds of the crumble?',
      category: 'community',
      name: 'Ruth',
    });
    expect(asked.status).toBe(201);

    const drawn = await fetch(`${site.url}/qna/submit/${sessionId}`);
    expect(drawn.status).toBe(200);
    const html = await drawn.text();
    expect(html).toContain('Harvest Supper Questions');
    expect(html).toContain('Will there be seconds of the crumble?');
    expect(html).toMatch(/<form[^>]*aria-labelledby="ask-title"/);
    expect(site.app.logs.filter((line) => line.includes('server rendering failed'))).toEqual([]);

    const still = await pageWithoutScript(site);
    await still.goto(`/qna/submit/${sessionId}`);
    expect(await still.getByRole('heading', { level: 1 }).textContent()).toBe('Harvest Supper Questions');
    expect(await still.getByLabel(/Your Question/).isVisible()).toBe(true);
    expect(await still.getByRole('button', { name: 'Submit Question' }).isVisible()).toBe(true);

    const phone = await site.newPage({ viewport: 'phone' });
    const errors = collectErrors(phone);
    const sessionCalls: string[] = [];
    phone.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/qna/public/sessions/${sessionId}/`)
        sessionCalls.push(request.url());
    });
    await phone.goto(`/qna/submit/${sessionId}`);
    await expect.poll(() => phone.getByText('Live', { exact: true }).isVisible()).toBe(true);
    await phone.getByLabel(/Your Question/).fill('Who made the crumble?');
    await phone.getByRole('button', { name: 'Submit Question' }).click();
    await expect.poll(() => phone.getByText('Question Submitted!').isVisible()).toBe(true);
    expect(sessionCalls).toEqual([]);
    expect(errors).toEqual([]);
    expect(site.app.logs.filter((line) => line.includes('server rendering failed'))).toEqual([]);
  });

  it('wakes up in the browser without redrawing or asking the API again, and then moves between pages', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    const errors = collectErrors(page);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto('/events');
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
    await expect.poll(() => page.title()).toBe('Media | Gather Church');
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('fades sections in as they scroll into view, and leaves the first screen as the server drew it', async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/events');
    await expect.poll(() => sectionOpacity(page, 'Regular Activities')).toBe('0');
    expect(await sectionOpacity(page, "Don't Miss These Special Events")).toBe('1');

    await page.getByRole('heading', { name: 'Regular Activities' }).scrollIntoViewIfNeeded();
    await expect.poll(() => sectionOpacity(page, 'Regular Activities')).toBe('1');
  });

  it('hides nothing from a visitor who asked for less motion', async () => {
    const context = await site.browser.newContext({
      baseURL: site.url,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto('/events');
    await page.waitForLoadState('networkidle');
    expect(await sectionOpacity(page, 'Regular Activities')).toBe('1');
    await context.close();
  });

  it('leaves the staff console to the browser: its pages carry nothing but the empty shell', async () => {
    const answer = await fetch(`${site.url}/admin/dashboard`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root"></div>');
  });

  it('paints a styled page from its HTML alone: the stylesheet needs no request of its own', async () => {
    const page = await pageWithoutScript(site);
    const asked: string[] = [];
    await page.route(/\/assets\//, (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return route.abort();
    });
    await page.goto('/');
    const style = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return { font: body.fontFamily, margin: body.margin };
    });
    expect(style.font).toContain('Inter Variable');
    expect(style.margin).toBe('0px');
    expect(asked.filter((file) => file.endsWith('.css'))).toEqual([]);
  });

  it('answers a missing file with a plain 404, not a page, and has an icon for the tab', async () => {
    const missing = await fetch(`${site.url}/assets/removed-in-an-old-release.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
    const icon = await fetch(`${site.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });
});

describe('every visitor page drawn with its real content', () => {
  const ids = { event: 0, session: '', collection: '', gathering: 0 };
  beforeAll(async () => {
    Object.assign(
      ids,
      await addWeekOfContent(site.app, staff, {
        event: {
          title: 'Lantern Walk to the Heath',
          description: 'Bring a torch and warm boots.',
          location: 'Church steps',
          date: `${NEXT_YEAR}-11-14T17:00`,
          event_type: 'special',
        },
        sermon: {
          title: 'Bread for the Journey',
          speaker: 'Pastor Femi',
          date: `${NEXT_YEAR - 1}-06-02`,
          description: 'On John 6.',
          video_url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        },
        service: {
          ...MORNING_WORSHIP,
          name: 'Evening Prayer',
          day: 'Wednesday',
          time: '7:45 PM',
          description: 'Quiet prayer in the side chapel',
        },
        session: { title: 'Lantern Walk Questions', description: 'Ask the walk leaders' },
        collection: 'Lantern Walk Photos',
      }),
    );
    const asked = await site.app.call('POST', `/api/qna/public/sessions/${ids.session}/submit/`, {
      text: 'Are dogs welcome on the walk?',
      category: 'general',
      name: 'Ade',
    });
    expect(asked.status).toBe(201);
    ids.gathering = await staffCreates<number>(site.app, staff, '/api/admin/gatherings/', {
      title: 'Lantern Sunday',
      date: `${NEXT_YEAR + 1}-01-04`,
    });
  });

  /** The page as the server sent it, before any script could add to it. */
  async function drawn(path: string): Promise<string> {
    const answer = await fetch(`${site.url}${path}`);
    expect(answer.status).toBe(200);
    return answer.text();
  }

  it.each([
    ['/', ['Lantern Walk to the Heath', 'Bread for the Journey']],
    ['/events', ['Lantern Walk to the Heath']],
    ['/events/{event}', ['Lantern Walk to the Heath', 'Bring a torch and warm boots.']],
    ['/media', ['Bread for the Journey', 'Pastor Femi']],
    ['/services', ['Main Service', '10:00 AM']],
    ['/sunday', ['Evening Prayer', '7:45 PM', 'Fill in a connect card']],
    ['/gathering/{gathering}', ['Lantern Sunday', 'Evening Prayer']],
    ['/photo-upload/{collection}/slideshow', ['Lantern Walk Photos']],
    ['/qna/submit/{session}', ['Lantern Walk Questions', 'Are dogs welcome on the walk?']],
    ['/photo-upload/{collection}', ['Lantern Walk Photos']],
    ['/building-fund', ['Building Fund']],
    ['/about', ['Gather Church']],
    ['/give', ['Give']],
    ['/connect', ['Connect']],
    ['/contact', ['020 7946 0321']],
    ['/qr-generator', ['QR Code']],
  ])('draws %s with its content, not its loading states', async (route, texts) => {
    const path = route
      .replace('{event}', String(ids.event))
      .replace('{session}', ids.session)
      .replace('{collection}', ids.collection)
      .replace('{gathering}', String(ids.gathering));
    const from = site.app.logs.length;
    const html = await drawn(path);
    const root = html.slice(html.indexOf('<div id="root">'));
    for (const text of texts) expect(root).toContain(text);
    expect(root).not.toMatch(/Loading[^<]*\.\.\./);
    // Every answer the page shows is declared by its route: it was read once, before the page was drawn once.
    expect(site.app.logs.slice(from).filter((line) => line.includes('page drawn twice'))).toEqual([]);
  });

  it.each([
    ['/events/999999', 'Event not found'],
    ['/events/not-a-number', 'Event not found'],
    [`/qna/submit/${randomUUID()}`, 'Session Not Found'],
    [`/photo-upload/${randomUUID()}`, 'This photo collection does not exist or has been deactivated.'],
    [`/gathering/${randomUUID()}`, 'Gathering Not Found'],
  ])(
    'answers %s, about something that does not exist, 404, and the browser shows its own text, never a 500',
    async (path, text) => {
      const from = site.app.logs.length;
      const answer = await fetch(`${site.url}${path}`);
      expect(answer.status).toBe(404);
      // Drawn as the browser first draws it (its loading state), so that the page wakes without redrawing.
      expect(await answer.text()).toContain('<div id="root"><');

      const page = await site.newPage({ viewport: 'phone' });
      await page.goto(path);
      await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
      expect(site.app.logs.slice(from).filter((line) => line.includes('"level":50'))).toEqual([]);
    },
  );

  it('reads what a page shows inside the server, without calling its own API over HTTP', async () => {
    const logger = site.app.ctx.log;
    logger.level = 'info';
    const from = site.app.logs.length;
    try {
      const html = await drawn('/');
      expect(html).toContain('Lantern Walk to the Heath');
    } finally {
      logger.level = 'warn';
    }
    const requests = site.app.logs
      .slice(from)
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((line) => (line.req?.url ? [line.req.url] : []));
    expect(requests).toEqual(['/']);
  });
});

describe('pages drawn only from kept public lists', () => {
  const eventsPage = () => fetch(`${site.url}/events`);

  it('are kept until staff change something, with a strong ETag and 304 for a browser that has one', async () => {
    // Two visits in a row get the same page, from memory (a change announced just before may still be arriving).
    const etag = await eventually(async () => {
      const [first, second] = [await eventsPage(), await eventsPage()].map((page) => page.headers.get('etag'));
      return first && first === second ? first : undefined;
    }, 'the events page kept');
    expect(etag).toMatch(/^"/);
    // As a browser revalidates (fetch() alone would add `no-cache`, which always asks for the whole page).
    const revalidated = await fetch(`${site.url}/events`, {
      headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);

    // Written behind the site's back: visitors are still served the page drawn before, from memory.
    await site.app.ctx.db.insert(events).values({
      title: 'Compline by candlelight',
      description: 'Night prayer.',
      location: 'Chapel',
      date: new Date(`${NEXT_YEAR}-12-20T21:00:00Z`),
    });
    expect(await (await eventsPage()).text()).not.toContain('Compline by candlelight');

    // Any staff change forgets every kept page, so the next visitor gets one drawn afresh.
    const hero = await staffCall('GET', '/api/homepage/');
    expect((await staffCall('PUT', '/api/admin/homepage/', hero.body)).status).toBe(200);
    const after = await eventsPage();
    expect(await after.text()).toContain('Compline by candlelight');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('are kept for a moment where visitors change them, and a phone served one still sees every question', async () => {
    const sessionId = await staffCreates(site.app, staff, '/api/qna/sessions/', {
      title: 'Ask the elders',
      description: 'Questions for the elders',
    });
    const ask = async (text: string) => {
      const asked = await site.app.call('POST', `/api/qna/public/sessions/${sessionId}/submit/`, {
        text,
        category: 'general',
        name: 'Naomi',
      });
      expect(asked.status).toBe(201);
    };
    const questionPage = () => fetch(`${site.url}/qna/submit/${sessionId}`);
    await ask('Who chose the hymns?');
    // Phones opening the page in the same moment get one page, drawn once and kept with a strong ETag.
    const etag = await eventually(async () => {
      const [first, second] = await Promise.all([questionPage(), questionPage()]);
      const tags = [first.headers.get('etag'), second.headers.get('etag')];
      return tags[0]?.startsWith('"') && tags[0] === tags[1] ? tags[0] : undefined;
    }, 'the question page kept');
    expect(etag).toMatch(/^"/);

    // A question asked after that page was drawn: a phone served the kept page is shown it once it is live.
    await ask('Is there tea afterwards?');
    const phone = await site.newPage({ viewport: 'phone' });
    await phone.goto(`/qna/submit/${sessionId}`);
    await expect.poll(() => phone.getByText('Is there tea afterwards?').isVisible()).toBe(true);
    // And the page drawn next, a moment later, holds it too.
    await eventually(
      async () => (await (await questionPage()).text()).includes('Is there tea afterwards?') || undefined,
      'the question page drawn again',
    );
  });
});
