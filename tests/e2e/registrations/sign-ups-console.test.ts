import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { newEvent, signUp } from '../../support/registrations.js';
import { SLOW, startTestSite, type TestSite } from '../../support/site.js';
import { signInAsStaff } from '../../support/staff.js';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.close());

const count = (page: Page, label: string) =>
  page
    .getByLabel('Sign-up counts')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

it('turns sign-ups on with a question, shows the server’s problems under their fields, and manages the list by hand', async () => {
  const organiser = await signInAsStaff(site.app, { roles: ['content'] });
  const eventId = await newEvent(site.app, organiser, { title: 'Gala Dinner' });
  const { page } = await site.staffPage({ roles: ['content', 'mail'] });

  await page.goto('/admin/dashboard?section=events');
  await page.getByRole('link', { name: 'Sign-ups Gala Dinner' }).click();
  await page.getByRole('heading', { name: 'Sign-ups: Gala Dinner' }).waitFor(SLOW);
  await page.getByText('This event does not take sign-ups').waitFor(SLOW);

  await page.getByRole('button', { name: 'Sign-up settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Sign-ups' });
  await settings.getByLabel('Take sign-ups for this event').check();
  await settings.getByLabel(/^Places/).fill('2');
  await settings.getByLabel(/^People per sign-up/).fill('3');
  await settings.getByRole('button', { name: 'Add a question' }).click();
  await settings.getByLabel('Answered by').selectOption('choice');
  await settings.getByLabel(/^Answers to choose from/).fill('Beef');
  await settings.getByRole('button', { name: 'Save sign-ups' }).click();
  await settings.getByText('This field may not be blank.').waitFor(SLOW);
  await settings.getByText('A choice needs at least two answers to choose from.').waitFor(SLOW);

  await settings.getByLabel('Question 1').fill('Main course');
  await settings.getByLabel(/^Answers to choose from/).fill('Beef\nMushroom risotto');
  await settings.getByRole('button', { name: 'Save sign-ups' }).click();
  await page.getByText('Sign-ups saved.').waitFor(SLOW);
  const state = await site.app.call('GET', `/api/events/${eventId}/registration/`);
  expect(state.body).toMatchObject({ open: true, places_left: 2, max_party: 3 });
  expect(state.body.questions).toEqual([
    expect.objectContaining({ label: 'Main course', kind: 'choice', choices: ['Beef', 'Mushroom risotto'] }),
  ]);
  await page.getByText('This event does not take sign-ups').waitFor({ state: 'detached', ...SLOW });

  await page.getByRole('button', { name: 'Add someone' }).click();
  const add = page.getByRole('dialog', { name: 'Add someone' });
  await add.getByLabel(/^Name/).fill('Ruth Hale');
  await add.getByLabel(/^Email/).fill('ruth@example.org');
  await add.getByLabel(/^People/).fill('2');
  await add.getByLabel(/^Main course/).selectOption('Mushroom risotto');
  await add.getByRole('button', { name: 'Sign up' }).click();
  await row(page, 'Ruth Hale').getByText('Mushroom risotto').waitFor(SLOW);
  await expect.poll(() => count(page, 'Places taken').textContent()).toBe('2 of 2');

  // A visitor signs up while the list is open: the event is full, so they wait, and the list shows them.
  const visitor = await signUp(site.app, eventId, { name: 'Boaz Field', email: 'boaz@example.org' });
  expect(visitor.body.status).toBe('waitlisted');
  await row(page, 'Boaz Field').getByText('Waiting list').waitFor(SLOW);
  await expect.poll(() => count(page, 'Waiting list').textContent()).toBe('1');

  await row(page, 'Ruth Hale').getByRole('button', { name: 'Actions for Ruth Hale' }).click();
  await page.getByRole('menuitem', { name: 'Cancel sign-up' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel sign-up' }).click();
  await page.getByText('Sign-up cancelled.').waitFor(SLOW);
  await row(page, 'Ruth Hale').getByText('Cancelled').waitFor(SLOW);
  // Their places went to the waiting list: Boaz is offered one, and given it by hand without waiting to accept.
  await row(page, 'Boaz Field').getByText('Place offered').waitFor(SLOW);
  await row(page, 'Boaz Field').getByRole('button', { name: 'Actions for Boaz Field' }).click();
  await page.getByRole('menuitem', { name: 'Give a place' }).click();
  await page.getByText('Boaz Field has a place.').waitFor(SLOW);
  await row(page, 'Boaz Field').getByText('Confirmed').waitFor(SLOW);
  await expect.poll(() => count(page, 'Confirmed').textContent()).toBe('1');
  await expect.poll(() => count(page, 'Cancelled').textContent()).toBe('1');

  await page.getByRole('searchbox', { name: 'Search' }).fill('boaz');
  await row(page, 'Ruth Hale').waitFor({ state: 'detached', ...SLOW });
  await row(page, 'Boaz Field').waitFor(SLOW);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('boaz@example.org');
  expect(csv).toContain('Mushroom risotto');

  await page.getByRole('button', { name: 'E-mail everyone' }).click();
  const email = page.getByRole('dialog', { name: 'E-mail everyone signed up' });
  await email.getByLabel(/^Subject/).fill('Gala Dinner: parking');
  await email.getByLabel(/^Message/).fill('Park behind the hall, please.');
  await email.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Your message is being sent to 1 people signed up.').waitFor(SLOW);
  const sent = await eventually(
    async () => site.smtp.to('boaz@example.org').find((mail) => mail.subject === 'Gala Dinner: parking'),
    'the message to everyone signed up',
  );
  expect(sent.text).toContain('Park behind the hall, please.');
  expect(site.smtp.to('ruth@example.org').some((mail) => mail.subject === 'Gala Dinner: parking')).toBe(false);
}, 120_000);
