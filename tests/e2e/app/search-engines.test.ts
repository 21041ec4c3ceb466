import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWeekOfContent, MORNING_WORSHIP } from '../../support/church-content.js';
import { startTestSite, type TestSite } from '../../support/site.js';
import { newEvent } from '../../support/registrations.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { collectErrors, NEXT_YEAR, pageWithoutScript } from '../../support/visitor-pages.js';

let site: TestSite;
let staff: Staff;
beforeAll(async () => {
  site = await startTestSite();
  staff = await signInAsStaff(site.app);
});
afterAll(() => site?.close());

/** The sharing tags and the schema.org data of a page as the server sent it, read by the browser without scripts. */
async function sharedPage(path: string) {
  const page = await pageWithoutScript(site);
  // Only the HTML is read: pictures, fonts and video would only slow the test.
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'document' ? route.continue() : route.abort(),
  );
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  const tag = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
  const tags = {
    status: response?.status(),
    ogTitle: await tag('property="og:title"'),
    ogDescription: await tag('property="og:description"'),
    ogImage: await tag('property="og:image"'),
    ogUrl: await tag('property="og:url"'),
    ogType: await tag('property="og:type"'),
    ogSiteName: await tag('property="og:site_name"'),
    twitterCard: await tag('name="twitter:card"'),
    twitterTitle: await tag('name="twitter:title"'),
    twitterDescription: await tag('name="twitter:description"'),
    twitterImage: await tag('name="twitter:image"'),
  };
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; [field: string]: unknown },
  );
  await page.context().close();
  return { tags, data, types: data.map((item) => item['@type']) };
}

describe('links shared and pages found by search engines', () => {
  let eventId: number;
  let sessionId: string;
  let collectionId: string;
  beforeAll(async () => {
    ({
      event: eventId,
      session: sessionId,
      collection: collectionId,
    } = await addWeekOfContent(site.app, staff, {
      event: {
        title: 'Carols on the Green',
        description: 'Mince pies and carols by lantern light.',
        location: 'Highbury Fields',
        venue_address: 'Highbury Crescent, London N5 1RR',
        date: `${NEXT_YEAR}-12-19T18:30`,
        end_date: `${NEXT_YEAR}-12-19T20:00`,
        price: '5.00',
      },
      sermon: {
        title: 'Living Hope',
        speaker: 'Pastor Ruth',
        date: `${NEXT_YEAR - 1}-03-01`,
        description: 'On 1 Peter 1.',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
      service: MORNING_WORSHIP,
      session: { title: 'Ask the panel', description: 'Questions for the panel' },
      collection: 'Carols photos',
    }));
  });

  it.each([
    ['/', 'Church'],
    ['/about', 'WebPage'],
    ['/services', 'WebPage'],
    ['/events', 'Event'],
    ['/events/{event}', 'Event'],
    ['/media', 'VideoObject'],
    ['/give', 'WebPage'],
    ['/connect', 'WebPage'],
    ['/contact', 'WebPage'],
    ['/building-fund', 'WebPage'],
    ['/qr-generator', 'WebPage'],
    ['/sunday', 'WebPage'],
    ['/qna/submit/{session}', 'WebPage'],
    ['/photo-upload/{collection}', 'WebPage'],
  ])('draws %s with its Open Graph and Twitter card tags and schema.org %s data', async (route, type) => {
    const path = route
      .replace('{event}', String(eventId))
      .replace('{session}', sessionId)
      .replace('{collection}', collectionId);
    const { tags, types } = await sharedPage(path);
    expect(tags.status).toBe(200);
    expect(tags.ogTitle).toBeTruthy();
    expect(tags.ogDescription).toBeTruthy();
    expect(tags.ogImage).toMatch(/^https?:\/\/.+\.(jpg|jpeg|png|webp)$/);
    expect(tags.ogUrl).toBe(`${site.url}${path}`);
    expect(tags.ogType).toBe('website');
    expect(tags.ogSiteName).toBe('Gather Church');
    expect(tags.twitterCard).toBe('summary_large_image');
    expect([tags.twitterTitle, tags.twitterDescription, tags.twitterImage]).toEqual([
      tags.ogTitle,
      tags.ogDescription,
      tags.ogImage,
    ]);
    expect(types).toContain('WebPage');
    expect(types).toContain(type);
    const image = await fetch(tags.ogImage!.replace(/^https?:\/\/[^/]+/, site.url));
    expect(image.status).toBe(200);
  });

  it("describes the church, its services, an event and a sermon's video for search engines", async () => {
    const home = await sharedPage('/');
    const church = home.data.find((item) => item['@type'] === 'Church')!;
    expect(church).toMatchObject({
      name: 'Gather Church',
      telephone: '020 7946 0321',
      address: { '@type': 'PostalAddress', streetAddress: '12 Holloway Road, London N7 8JL' },
      openingHoursSpecification: [{ dayOfWeek: 'Sunday', opens: '10:30', name: 'Morning Worship' }],
    });

    const shared = await sharedPage(`/events/${eventId}`);
    expect(shared.tags.ogTitle).toBe('Carols on the Green | Gather Church');
    expect(shared.tags.ogDescription).toContain('Mince pies and carols by lantern light.');
    const event = shared.data.find((item) => item['@type'] === 'Event')!;
    expect(event).toMatchObject({
      name: 'Carols on the Green',
      startDate: `${NEXT_YEAR}-12-19T18:30:00.000Z`,
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Highbury Fields',
        address: { streetAddress: 'Highbury Crescent, London N5 1RR' },
      },
      organizer: { name: 'Gather Church' },
    });
    expect(new Date(event.startDate as string).toISOString()).toBe(`${NEXT_YEAR}-12-19T18:30:00.000Z`);

    const media = await sharedPage('/media');
    expect(media.data.find((item) => item['@type'] === 'VideoObject')).toMatchObject({
      name: 'Living Hope',
      uploadDate: `${NEXT_YEAR - 1}-03-01`,
      contentUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
  });

  it('keeps a title with a script tag in it as text in the JSON-LD, never as a script', async () => {
    const sneaky = 'Youth Night </script><script>window.__sneaky = true</script>';
    const sneakyEventId = await newEvent(site.app, staff, {
      title: sneaky,
      description: 'Games and pizza',
      location: 'Church hall',
      date: `${NEXT_YEAR}-10-02T19:00`,
    });

    const shared = await sharedPage(`/events/${sneakyEventId}`);
    expect(shared.data.find((item) => item['@type'] === 'Event')?.name).toBe(sneaky);
    expect(shared.tags.ogTitle).toBe(`${sneaky} | Gather Church`);

    const page = await site.newPage({ viewport: 'phone' });
    const errors = collectErrors(page);
    await page.goto(`/events/${sneakyEventId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(sneaky);
    expect(await page.evaluate(() => (window as { __sneaky?: boolean }).__sneaky)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it("offers an event's calendar file and a Google Calendar link on its page, and the whole calendar on the events page", async () => {
    const page = await site.newPage({ viewport: 'phone' });
    await page.goto('/events');
    const subscribe = page.getByRole('link', { name: 'Subscribe to our calendar' });
    expect(await subscribe.getAttribute('href')).toBe('/calendar.ics');
    await page.getByRole('link', { name: 'Carols on the Green' }).click();
    await expect.poll(() => page.title()).toBe('Carols on the Green | Gather Church');

    const calendar = page.getByRole('region', { name: 'Add to calendar' });
    const file = await calendar.getByRole('link', { name: /\.ics/ }).getAttribute('href');
    expect(file).toBe(`/events/${eventId}/calendar.ics`);
    const ics = await fetch(`${site.url}${file}`);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain('SUMMARY:Carols on the Green');

    const google = new URL((await calendar.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Carols on the Green',
      dates: `${NEXT_YEAR}1219T183000Z/${NEXT_YEAR}1219T200000Z`,
      details: 'Mince pies and carols by lantern light.',
      location: 'Highbury Fields, Highbury Crescent, London N5 1RR',
      ctz: 'Europe/London',
    });
  });
});
