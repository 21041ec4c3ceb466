import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { albums } from '@gather/server/platform/database/schema/albums';
import { events } from '@gather/server/platform/database/schema/events';
import { sermons } from '@gather/server/platform/database/schema/sermons';
import { services } from '@gather/server/platform/database/schema/services';
import { seedDemoContent } from '@gather/server/seed/seed';
import { startTestApp, type TestApp } from '../../support/app.js';
import { stExample } from '../../support/church-settings.js';
import { newStaffAccount, signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let admin: Staff;

beforeAll(async () => {
  app = await startTestApp({ CHURCH_EMAIL_DOMAIN: 'stexample.org' });
  await seedDemoContent(app.ctx);
  admin = await signInAsStaff(app);
});
afterAll(() => app?.close());

const checklist = async () => {
  const answer = await app.call('GET', '/api/admin/settings/checklist/', undefined, admin.headers);
  expect(answer.status).toBe(200);
  return answer.body as { steps: Array<{ step: string; done: boolean }>; complete: boolean };
};
const done = async () => Object.fromEntries((await checklist()).steps.map(({ step, done: ticked }) => [step, ticked]));

it('ticks each step from the data itself', async () => {
  expect(await done()).toEqual({
    church_details: false,
    bank_details: false,
    test_email: false,
    demo_content_removed: false,
    staff_account_added: false,
    public_url: false,
  });

  await app.call('PUT', '/api/admin/settings/', { ...stExample, bank_sort_code: '20-00-00' }, admin.headers);
  expect(await done()).toMatchObject({ church_details: true, bank_details: false });
  await app.call('PUT', '/api/admin/settings/', stExample, admin.headers);
  expect(await done()).toMatchObject({ bank_details: true });

  await newStaffAccount(app);
  expect(await done()).toMatchObject({ staff_account_added: true });
});

it('removes every demo item with one call, and nothing else', async () => {
  const rows = async (table: typeof sermons | typeof events | typeof albums | typeof services) =>
    (await app.ctx.db.select({ n: count() }).from(table))[0]!.n;
  expect(await rows(sermons)).toBeGreaterThan(0);
  const own = await app.call(
    'POST',
    '/api/services/',
    { name: 'Our own evensong', day: 'Sunday', time: '6:00 PM', description: 'Sung evening prayer' },
    admin.headers,
  );
  expect(own.status).toBe(201);

  expect((await app.call('POST', '/api/admin/settings/remove-demo-content/', {}, admin.headers)).status).toBe(400);
  const removed = await app.call('POST', '/api/admin/settings/remove-demo-content/', { confirm: true }, admin.headers);
  expect(removed.status).toBe(200);
  expect(removed.body.removed).toBeGreaterThan(5);

  for (const table of [sermons, events, albums]) expect(await rows(table)).toBe(0);
  const left = await app.ctx.db.select({ name: services.name }).from(services);
  expect(left).toEqual([{ name: 'Our own evensong' }]);
  expect(await done()).toMatchObject({ demo_content_removed: true });
});

it('ticks the site address once PUBLIC_URL is set', async () => {
  expect(await done()).toMatchObject({ public_url: false });
  const addressed = await startTestApp({ PUBLIC_URL: 'https://stexample.org' });
  try {
    const staff = await signInAsStaff(addressed);
    const answer = await addressed.call('GET', '/api/admin/settings/checklist/', undefined, staff.headers);
    expect(answer.body.steps).toContainEqual({ step: 'public_url', done: true });
  } finally {
    await addressed.close();
  }
});
