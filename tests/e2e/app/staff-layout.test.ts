import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildingFundPledges, giftAidDeclarations, gifts } from '@gather/server/platform/database/schema/building-fund';
import { events } from '@gather/server/platform/database/schema/events';
import { emailSuppressions } from '@gather/server/platform/database/schema/newsletters';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { insertDraft } from '../../support/campaigns.js';
import { startTestSite, type TestSite } from '../../support/site.js';
import { STAFF_GROUPS } from '../../../frontend/src/lib/staff-sections.js';
import { seedSignUps } from '../../support/registrations.js';
import { LONG_EVENT } from '../../support/staff-console.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await seedLongRows();
});
afterAll(() => site?.close());

/** Every staff screen, as the sidebar lists them (STAFF_GROUPS, lib/staff-sections.ts), and every tab of a page with tabs. */
const STAFF_PAGES = [
  ...STAFF_GROUPS.flatMap((group) => group.places.filter((place) => !place.newTab).map((place) => place.to)),
  '/admin/building-fund?tab=gifts',
  '/admin/building-fund?tab=gift-aid',
  '/admin/building-fund?tab=goal',
];

/** An event's own pages, for the event seeded with sign-ups. */
const eventPages = (eventId: number) => [`/admin/events/${eventId}/registrations`, `/admin/events/${eventId}/check-in`];

/** A phone, a tablet, a laptop and a wide desktop. */
const WIDTHS = [390, 820, 1280, 1920];
/** From a laptop up, tables must show every column without scrolling inside their frame either. */
const LAPTOP = 1280;

/** Names and addresses as long as real ones get, so a table is as wide as it will be in use. */
async function seedLongRows() {
  const db = site.app.ctx.db;
  const long = 'Oluwaseun Adeyemi-Richardson';
  const email = 'oluwaseun.adeyemi-richardson@example-parish.org.uk';
  await db.insert(buildingFundPledges).values([
    {
      firstName: 'Oluwaseun',
      lastName: 'Adeyemi-Richardson',
      email,
      totalPledge: '12500.00',
      paymentType: 'partial',
      paymentAmount: '1250.00',
      payByDate: '2020-09-30',
      paymentMethod: 'bank_transfer',
    },
    {
      firstName: 'Anne-Marie',
      middleName: 'Oluwaseun Christabel',
      lastName: 'Fitzgerald-Montgomery',
      email: 'annemarie.fitzgerald-montgomery@example-parish.org.uk',
      totalPledge: '250000.00',
      paymentType: 'partial',
      paymentAmount: '20833.33',
      payByDate: '2020-01-31',
      paymentMethod: 'bank_transfer',
    },
    {
      firstName: 'Bartholomew',
      lastName: 'Fitzgerald-Montgomery',
      email: 'bartholomew.fitzgerald@example-parish.org.uk',
      totalPledge: '100000.00',
      paymentType: 'full',
      paymentAmount: '100000.00',
      payByDate: '2030-12-31',
      paymentMethod: 'in_person',
      paymentStatus: 'confirmed',
    },
  ]);
  await db.insert(contactSubmissions).values({
    name: long,
    email,
    phone: '+44 20 7946 0958',
    subject: 'A question about the September baptism preparation course',
    message: 'Hello',
  });
  await db.insert(connectSubmissions).values({
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi-Richardson',
    email,
    phone: '+44 20 7946 0958',
    interests: ["I'm new here", 'Prayer request', 'Volunteering', 'Small groups'],
  });
  await db.insert(givingSubmissions).values({
    name: long,
    email,
    givingType: 'building',
    message: 'For the new roof, in memory of my grandmother who was married here',
  });
  await db.insert(gifts).values({
    firstName: 'Bartholomew',
    lastName: 'Fitzgerald-Montgomery',
    email: 'bartholomew.fitzgerald@example-parish.org.uk',
    amount: '12500.00',
    receivedOn: '2026-04-06',
    method: 'bank_transfer',
    reference: 'FITZGERALD-MONTGOMERY ROOF APPEAL 2026',
  });
  await db.insert(giftAidDeclarations).values({
    email,
    title: 'Dr',
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi-Richardson',
    houseNameOrNumber: 'The Old Rectory, Flat 12b',
    postcode: 'N1 9GU',
    declaredOn: '2026-04-06',
    source: 'building_fund',
  });
  const [event] = await db
    .insert(events)
    .values({
      title: LONG_EVENT,
      description: 'Candles, carols and mince pies for everyone, young and old.',
      date: new Date(Date.UTC(2030, 11, 20, 18)),
      location: 'St Barnabas Community Hall, Upper Holloway',
    })
    .returning();
  await seedSignUps(site.app, event!.id);
  STAFF_PAGES.push(...eventPages(event!.id));
  site.app.publicCache.changed();
  await insertDraft(site.app, { subject: 'Harvest supper and the autumn thanksgiving service this Sunday' });
  await db.insert(emailSuppressions).values({ email, reason: 'bounced: mailbox unavailable (550 5.1.1)' });
}

/** What is wrong with the page as drawn: sideways scrolling, something over the title, a clipped table. */
function problemsOn(page: Page, checkFrames: boolean): Promise<string[]> {
  return page.evaluate((checkFrames) => {
    const problems: string[] = [];
    const sideways = document.documentElement.scrollWidth - window.innerWidth;
    if (sideways > 0) problems.push(`the page scrolls ${sideways}px sideways`);

    const title = document.querySelector('main h1');
    if (!title) return [...problems, 'no page title'];
    const box = title.getBoundingClientRect();
    for (const x of [0.05, 0.25, 0.5, 0.75, 0.95]) {
      for (const y of [0.2, 0.5, 0.8]) {
        const [px, py] = [box.left + box.width * x, box.top + box.height * y];
        const found = document.elementFromPoint(px, py);
        if (!found || !title.contains(found)) {
          problems.push(
            `the title is covered at (${Math.round(px)}, ${Math.round(py)}) by ${found?.outerHTML.slice(0, 80)}`,
          );
          return problems;
        }
      }
    }

    if (checkFrames) {
      // A row's menu button must show whole inside its table's frame: a cut one is the first sign of a table too wide.
      for (const trigger of document.querySelectorAll('main [aria-haspopup="menu"]')) {
        const frame = trigger.closest('table')?.parentElement;
        if (!frame) continue;
        const [inner, outer] = [trigger.getBoundingClientRect(), frame.getBoundingClientRect()];
        if (inner.right > outer.right + 0.5 || inner.left < outer.left - 0.5 || inner.right > window.innerWidth) {
          problems.push(`${trigger.textContent?.trim()} is cut by its table's frame`);
        }
      }
      for (const element of document.querySelectorAll('main *')) {
        const { overflowX } = getComputedStyle(element);
        if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
          const what = element.querySelector('th')?.closest('tr')?.textContent ?? element.className;
          problems.push(`${what.slice(0, 60)} scrolls ${element.scrollWidth - element.clientWidth}px sideways`);
        }
      }
    }
    return problems;
  }, checkFrames);
}

/** The first row's menu, opened: every item inside the window, whatever the width. */
async function rowMenuProblems(page: Page): Promise<string[]> {
  const trigger = page.locator('main [aria-haspopup="menu"]').first();
  if (!(await trigger.count())) return [];
  await trigger.click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const problems = await menu.evaluate((list) => {
    const box = list.getBoundingClientRect();
    const cut = box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight;
    return cut ? [`the row menu ${list.getAttribute('aria-label')} is cut by the window`] : [];
  });
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return problems;
}

it.each(WIDTHS)(
  'at %ipx every staff page fits: no sideways scrolling, nothing over the title',
  async (width) => {
    const { page } = await site.staffPage();
    await page.setViewportSize({ width, height: 900 });
    const problems: string[] = [];
    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('main h1').first().waitFor();
      // The rows are what makes a table wide: wait for them where the page has a table.
      if (await page.locator('main table').count()) await page.locator('main tbody tr').first().waitFor();
      problems.push(...(await problemsOn(page, width >= LAPTOP)).map((problem) => `${path}: ${problem}`));
      problems.push(...(await rowMenuProblems(page)).map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
  },
  240_000,
);
