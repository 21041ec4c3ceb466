import { todayIn } from '@gather/contracts';
import ical, { type VEvent } from 'node-ical';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { fakeCameraFilming, type FakeCamera } from '../../support/fake-camera.js';
import { readQrCode } from '../../support/qr.js';
import { eventTakingSignUps, signUp } from '../../support/registrations.js';
import { closeChromium, launchChromium } from '../../support/chromium.js';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';
import { signInAsStaff } from '../../support/staff.js';

let site: TestSite;
let camera: FakeCamera | undefined;
let cameraPhones: Browser | undefined;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site?.close();
  if (cameraPhones) await closeChromium(cameraPhones);
  await camera?.remove();
});

/** A number on the sign-ups page, by its label. */
const count = (page: Page, label: string) =>
  page
    .getByLabel('Sign-up counts')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

it("signs a visitor up on a phone, mails the ticket, and checks them in by scanning the e-mail's QR code, live elsewhere", async () => {
  const organiser = await signInAsStaff(site.app, { roles: ['content'] });
  const today = todayIn(site.app.ctx.church.latest.time_zone);
  const eventId = await eventTakingSignUps(
    site.app,
    organiser,
    { capacity: 20, max_party: 4 },
    { title: 'Harvest Supper', date: `${today}T00:01`, end_date: `${today}T23:59` },
  );

  const visitor = await site.newPage({ viewport: 'phone' });
  await visitor.goto(`/events/${eventId}`);
  await visitor.getByText('20 places left').waitFor(SLOW);
  await visitor.getByLabel(/^Name/).fill('Ruth Hale');
  await visitor.getByLabel(/^Email/).fill('ruth@example.org');
  await visitor.getByLabel(/^How many people/).selectOption('2');
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  await visitor
    .getByRole('status')
    .filter({ hasText: /signed up/i })
    .waitFor(SLOW);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  const mail = await eventually(
    async () => site.smtp.to('ruth@example.org').find((each) => each.subject.startsWith("You're signed up")),
    'the confirmation',
  );
  const calendar = mail.attachments.find((file) => file.filename === 'event.ics')!;
  const entries = Object.values(ical.sync.parseICS(calendar.content.toString()));
  expect(entries.find((entry): entry is VEvent => entry?.type === 'VEVENT')?.summary).toBe('Harvest Supper');
  const ticket = mail.attachments.find((file) => file.filename === 'ticket.png')!;
  expect(await readQrCode(ticket.content)).toBeTruthy();

  // The office: the event's sign-ups and the dashboard, left open, never reloaded.
  const { page: list } = await site.staffPage();
  await list.goto(`/admin/events/${eventId}/registrations`);
  await list.getByRole('cell', { name: 'Ruth Hale ruth@example.org' }).waitFor(SLOW);
  await expect.poll(() => count(list, 'Checked in').textContent()).toBe('0');
  const { page: dashboard } = await site.staffPage({ roles: ['content'] });
  await dashboard.goto('/admin/dashboard');
  const door = dashboard.getByRole('listitem').filter({ hasText: 'Harvest Supper' });
  await door.getByText('0 arrived of 2 confirmed · 20 places').waitFor(SLOW);

  // The door: a phone whose camera sees the ticket as the e-mail shows it.
  camera = await fakeCameraFilming(ticket.content);
  cameraPhones = await launchChromium({ args: camera.args });
  const { page: phone } = await site.staffPage({ viewport: 'phone', browser: cameraPhones });
  await phone.goto(`/admin/dashboard?section=events`);
  await phone.getByRole('link', { name: 'Check-in Harvest Supper' }).click();
  await phone.getByRole('button', { name: 'Scan tickets' }).click();
  await phone
    .getByRole('status')
    .filter({ hasText: /^Checked in: Ruth Hale \(2\)$/ })
    .waitFor(SLOW);
  await phone.getByTestId('arrivals').filter({ hasText: '2 of 2 arrived' }).waitFor(SLOW);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  await expect.poll(() => count(list, 'Checked in').textContent()).toBe('1');
  await door.getByText('2 arrived of 2 confirmed · 20 places').waitFor(SLOW);

  // The same ticket shown again: the door is warned, and nobody is counted twice.
  await phone.getByRole('button', { name: 'Stop scanning' }).click();
  await phone.getByRole('button', { name: 'Scan tickets' }).click();
  await phone.getByRole('status').filter({ hasText: 'Already checked in: Ruth Hale (2)' }).waitFor(SLOW);
  const answer = await site.app.call(
    'GET',
    `/api/admin/events/${eventId}/registrations/`,
    undefined,
    organiser.headers,
  );
  expect(answer.body.counts).toMatchObject({ checked_in: 1, arrived: 2 });
  expect(await count(list, 'Checked in').textContent()).toBe('1');

  // The hall's Wi-Fi drops: the phone still finds the next person by name, checks them in all the same, and sends
  // it once back.
  expect((await signUp(site.app, eventId, { name: 'Boaz Field', email: 'boaz@example.org' })).status).toBe(201);
  await phone.getByRole('button', { name: 'Stop scanning' }).click();
  const boaz = phone.getByRole('button', { name: 'Check in Boaz Field' });
  await boaz.waitFor(SLOW);
  await phone.context().setOffline(true);
  await phone.getByRole('searchbox', { name: 'Find a name' }).fill('BOAZ');
  await phone
    .getByRole('listitem')
    .filter({ hasText: 'Ruth Hale' })
    .waitFor({ state: 'detached', ...SLOW });
  await boaz.click();
  await phone.getByRole('status').filter({ hasText: 'No connection: kept on this phone' }).waitFor(SLOW);
  await phone.getByText('1 check-in waiting to be sent').waitFor(SLOW);
  await phone.getByText('Checked in on this phone, to send').waitFor(SLOW);
  expect(await count(list, 'Checked in').textContent()).toBe('1');
  await phone.context().setOffline(false);
  await phone.getByText('1 check-in waiting to be sent').waitFor({ state: 'detached', ...SLOW });
  await expect.poll(() => count(list, 'Checked in').textContent()).toBe('2');
  await phone.getByTestId('arrivals').filter({ hasText: '3 of 3 arrived' }).waitFor(SLOW);
}, 120_000);
