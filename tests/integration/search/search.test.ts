import { STAFF_SEARCH_PER_KIND } from '@gather/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { events } from '@gather/server/platform/database/schema/events';
import { insertDraft } from '../../support/campaigns.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let admin: Staff;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAsStaff(app);
  const db = app.ctx.db;
  await db.insert(contactSubmissions).values([
    { name: 'Oluwaseun Adeyemi', email: 'Seun@Example.org', subject: 'Baptism', message: 'Hello' },
    { name: 'Oluwaseun Adeyemi', email: 'seun@example.org', subject: 'Again', message: 'Hello again' },
    { name: 'Percy 100% Sure', email: 'percy@example.org', subject: 'Odd name', message: 'Hi' },
  ]);
  await db.insert(buildingFundPledges).values({
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi',
    email: 'seun@example.org',
    totalPledge: '1250.00',
    paymentType: 'full',
    paymentAmount: '1250.00',
    payByDate: '2030-01-31',
    paymentMethod: 'bank_transfer',
  });
  await db.insert(events).values(
    Array.from({ length: STAFF_SEARCH_PER_KIND + 3 }, (_, index) => ({
      title: `Harvest supper ${index + 1}`,
      description: 'Food and friends',
      date: new Date(Date.UTC(2030, 8, index + 1, 18)),
      location: 'Church hall',
    })),
  );
  await insertDraft(app, { subject: 'Harvest supper: bring a dish' });
});
afterAll(() => app?.close());

const search = (q: string, staff: Staff = admin) =>
  app.call('GET', `/api/admin/search/?q=${encodeURIComponent(q)}`, undefined, staff.headers);

describe('the console search', () => {
  it('finds a person once by name or address, with their pledge', async () => {
    const answer = await search('adeyemi');
    expect(answer.status).toBe(200);
    expect(answer.body.people).toEqual([{ email: 'seun@example.org', name: 'Oluwaseun Adeyemi' }]);
    expect(answer.body.pledges).toEqual([
      expect.objectContaining({ name: 'Oluwaseun Adeyemi', email: 'seun@example.org', total: '1250.00 GBP' }),
    ]);
    expect((await search('SEUN@EXAMPLE')).body.people).toHaveLength(1);
  });

  it(`gives at most ${STAFF_SEARCH_PER_KIND} of a kind, events and e-mails included`, async () => {
    const answer = await search('harvest');
    expect(answer.body.events).toHaveLength(STAFF_SEARCH_PER_KIND);
    expect(answer.body.events[0]).toEqual(
      expect.objectContaining({ title: `Harvest supper ${STAFF_SEARCH_PER_KIND + 3}` }),
    );
    expect(answer.body.campaigns).toEqual([
      expect.objectContaining({ subject: 'Harvest supper: bring a dish', status: 'draft' }),
    ]);
  });

  it('takes % and _ as the characters typed, not as patterns', async () => {
    expect((await search('0%')).body.people).toEqual([{ email: 'percy@example.org', name: 'Percy 100% Sure' }]);
    expect((await search('%%')).body.people).toEqual([]);
    expect((await search('__')).body.events).toEqual([]);
  });

  it('looks up each kind only for the roles that may open it', async () => {
    const content = await signInAsStaff(app, { roles: ['content'] });
    const asContent = await search('harvest', content);
    expect(asContent.status).toBe(200);
    expect(asContent.body.events.length).toBeGreaterThan(0);
    expect(asContent.body.campaigns).toEqual([]);
    expect((await search('adeyemi', content)).body).toEqual({ people: [], events: [], campaigns: [], pledges: [] });

    const finance = await signInAsStaff(app, { roles: ['finance'] });
    const asFinance = await search('adeyemi', finance);
    expect(asFinance.body.people).toHaveLength(1);
    expect((await search('harvest', finance)).body.events).toEqual([]);
  });

  it('says what is wrong with too short or too long a search, and refuses strangers', async () => {
    const short = await search(' a ');
    expect(short.status).toBe(400);
    expect(short.body.q).toEqual(['Type at least 2 characters.']);
    const long = await search('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.q).toEqual(['Ensure this field has no more than 100 characters.']);
    expect((await app.call('GET', '/api/admin/search/?q=harvest')).status).toBe(401);
  });
});
