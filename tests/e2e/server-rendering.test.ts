import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../support/site.js';
import { signInAsStaff, type Staff } from '../support/staff.js';

let site: TestSite;
let staff: Staff;
beforeAll(async () => {
  site = await startTestSite();
  staff = await signInAsStaff(site.app);
});
afterAll(() => site?.close());

const year = new Date().getUTCFullYear() + 1;
const staffCall = (method: string, route: string, body?: unknown) => site.app.call(method, route, body, staff.headers);

/** A visitor whose phone has not run (or cannot run) the pages' JavaScript yet. */
async function pageWithoutScript(): Promise<Page> {
  const context = await site.browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  return context.newPage();
}

/** Everything the browser reported as going wrong while the page woke up. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

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
    const event = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Harvest Supper',
      description: 'Bring a dish to share.',
      location: 'Church hall',
      date: `${year}-09-12T18:30`,
      event_type: 'special',
    }))
      event.append(name, value);
    expect((await staffCall('POST', '/api/events/', event)).status).toBe(201);

    const page = await pageWithoutScript();
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome Home, Holloway');
    expect(await page.getByText('Harvest Supper').first().isVisible()).toBe(true);
    expect(await page.title()).toBe('Gather Church');

    await page.goto('/events');
    expect(await page.title()).toBe('Events | Gather Church');
    expect(await page.getByRole('heading', { name: 'Harvest Supper' }).first().isVisible()).toBe(true);
  });

  it('shows what a visitor typed as text, even when it looks like a script', async () => {
    const session = await staffCall('POST', '/api/qna/sessions/', { title: 'Youth night', description: 'Ask away' });
    expect(session.status).toBe(201);
    const sessionId = (session.body as { id: string }).id;
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
    const recent = page.getByRole('region', { name: 'Recent Questions' });
    await expect.poll(() => recent.getByText(sneaky).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as { __sneaky?: boolean }).__sneaky)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('draws the question page a congregation opens from a QR code, and wakes it without asking for the session again', async () => {
    const created = await staffCall('POST', '/api/qna/sessions/', {
      title: 'Harvest Supper Questions',
      description: 'Ask the panel anything',
    });
    expect(created.status).toBe(201);
    const sessionId = (created.body as { id: string }).id;
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

    const still = await pageWithoutScript();
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

  it('answers a missing file with a plain 404, not a page, and has an icon for the tab', async () => {
    const missing = await fetch(`${site.url}/assets/removed-in-an-old-release.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
    const icon = await fetch(`${site.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });
});
