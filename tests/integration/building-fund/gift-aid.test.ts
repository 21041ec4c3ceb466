import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftAidDeclarations, gifts } from '@gather/server/platform/database/schema/building-fund';
import { giftAidStatus } from '@gather/server/features/building-fund/gift-aid-repository';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { REQUIRED } from '../../support/field-messages.js';
import { londonToday } from '../../support/calendar-days.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const BAD_POSTCODE = 'Enter a valid UK postcode, such as N1 9GU.';
const HEADER =
  'Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date (DD/MM/YY),Amount';

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const asStaff = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);
const claim = (from: string, to: string) => asStaff('POST', '/api/admin/gift-aid/claims/', { from, to });
/** A part's rows under its header line. */
async function partRows(url: string): Promise<string[]> {
  const answer = await asStaff('GET', url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
  const [header, ...rows] = String(answer.body).trimEnd().split(/\r?\n/);
  expect(header).toBe(HEADER);
  return rows;
}

type Gift = { email: string; amount: string; receivedOn: string; currency?: string };
async function recordGifts(list: Gift[]): Promise<void> {
  for (let start = 0; start < list.length; start += 1000) {
    await app.ctx.db
      .insert(gifts)
      .values(
        list
          .slice(start, start + 1000)
          .map((gift) => ({ firstName: 'Gift', lastName: 'Giver', method: 'bank_transfer', ...gift })),
      );
  }
}

type Declaration = Partial<typeof giftAidDeclarations.$inferInsert> & { email: string; declaredOn: string };
async function declare(declaration: Declaration): Promise<void> {
  await app.ctx.db.insert(giftAidDeclarations).values({
    firstName: 'Ada',
    lastName: 'Lovelace',
    houseNameOrNumber: '12',
    postcode: 'N1 9GU',
    source: 'giving',
    ...declaration,
  });
}

const pledgeForm = (change: Record<string, unknown>) => ({
  first_name: 'Florence',
  last_name: 'Nightingale',
  email: 'florence@example.org',
  currency: 'GBP',
  total_pledge: 100,
  pay_by_date: inAMonth(),
  payment_type: 'full',
  payment_method: 'bank_transfer',
  ...change,
});
const declarationsOf = (email: string) => asStaff('GET', `/api/admin/gift-aid/declarations/?email=${email}`);

describe('Gift Aid claims', () => {
  it('claim only sterling gifts a declaration covers, once, in HMRC’s columns and dates', async () => {
    await declare({ email: 'ada@example.org', title: 'Mrs', declaredOn: '2020-06-01', coversPastGifts: false });
    await declare({
      email: 'bea@example.org',
      firstName: 'Beatrice',
      lastName: 'Webb, "B"',
      houseNameOrNumber: 'Rose Cottage',
      postcode: 'EC1A 1BB',
      declaredOn: '2020-09-01',
      coversPastGifts: true,
      cancelledAt: new Date('2020-10-01T12:00:00Z'),
    });
    await recordGifts([
      { email: 'ada@example.org', amount: '99.00', receivedOn: '2020-05-31' }, // before her declaration
      { email: 'ada@example.org', amount: '10.00', receivedOn: '2020-06-01' },
      { email: 'ada@example.org', amount: '0.01', receivedOn: '2020-07-15' },
      { email: 'ada@example.org', amount: '50.00', receivedOn: '2020-08-01', currency: 'USD' },
      { email: 'ada@example.org', amount: '7.00', receivedOn: '2021-01-01' }, // after the range
      { email: 'Ada@Example.org', amount: '5.00', receivedOn: '2020-11-11' },
      { email: 'bea@example.org', amount: '1234.56', receivedOn: '2020-02-03' }, // covered as a past gift
      { email: 'bea@example.org', amount: '20.00', receivedOn: '2020-09-30' },
      { email: 'bea@example.org', amount: '30.00', receivedOn: '2020-10-02' }, // after she cancelled
      { email: 'cyril@example.org', amount: '40.00', receivedOn: '2020-03-03' }, // no declaration
      { email: '', amount: '60.00', receivedOn: '2020-03-03' }, // anonymous
    ]);

    const first = await claim('2020-01-01', '2020-12-31');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      from: '2020-01-01',
      to: '2020-12-31',
      gift_count: 5,
      total: '1269.57',
      parts: [`/api/admin/gift-aid/claims/${first.body.id}/parts/1.csv`],
      created_at: expect.any(String),
    });
    expect(await partRows(first.body.parts[0])).toEqual([
      ',Beatrice,"Webb, ""B""",Rose Cottage,EC1A 1BB,,,03/02/20,1234.56',
      'Mrs,Ada,Lovelace,12,N1 9GU,,,01/06/20,10.00',
      'Mrs,Ada,Lovelace,12,N1 9GU,,,15/07/20,0.01',
      ',Beatrice,"Webb, ""B""",Rose Cottage,EC1A 1BB,,,30/09/20,20.00',
      'Mrs,Ada,Lovelace,12,N1 9GU,,,11/11/20,5.00',
    ]);

    // A later gift in the same range joins the next claim alone; the claimed ones never come again.
    await recordGifts([{ email: 'ada@example.org', amount: '2.50', receivedOn: '2020-12-24' }]);
    const second = await claim('2019-01-01', '2021-12-31');
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ gift_count: 2, total: '9.50' });
    expect(await partRows(second.body.parts[0])).toEqual([
      'Mrs,Ada,Lovelace,12,N1 9GU,,,24/12/20,2.50',
      'Mrs,Ada,Lovelace,12,N1 9GU,,,01/01/21,7.00',
    ]);

    const claimsBefore = (await asStaff('GET', '/api/admin/gift-aid/claims/')).body;
    const nothing = await claim('2020-01-01', '2020-12-31');
    expect(nothing.status).toBe(409);
    expect(nothing.body.detail).toMatch(/No gifts to claim/);
    const claimsAfter = await asStaff('GET', '/api/admin/gift-aid/claims/');
    expect(claimsAfter.body).toEqual(claimsBefore);
    expect(claimsAfter.body.map((listed: { id: number }) => listed.id)).toEqual([second.body.id, first.body.id]);
  });

  it('splits a claim of 2,345 gifts into parts of 1,000, 1,000 and 345, with the total exact', async () => {
    await declare({ email: 'many@example.org', declaredOn: '2010-01-01', coversPastGifts: false });
    const many: Gift[] = Array.from({ length: 2345 }, (_, index) => ({
      email: 'many@example.org',
      amount: `${index % 7}.${String((index * 13) % 100).padStart(2, '0')}`.replace(/^0\.00$/, '0.01'),
      receivedOn: `2010-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
    }));
    await recordGifts(many);
    const pennies = many.reduce((sum, gift) => sum + Math.round(Number(gift.amount.replace('.', ''))), 0);

    const answer = await claim('2010-01-01', '2010-12-31');
    expect(answer.status).toBe(201);
    expect(answer.body.gift_count).toBe(2345);
    expect(answer.body.total).toBe(`${Math.floor(pennies / 100)}.${String(pennies % 100).padStart(2, '0')}`);
    expect(answer.body.parts).toHaveLength(3);
    const parts = await Promise.all(answer.body.parts.map(partRows));
    expect(parts.map((rows) => rows.length)).toEqual([1000, 1000, 345]);
    const dates = parts.flat().map((row) => row.split(',')[7]!.split('/').reverse().join(''));
    expect(dates).toEqual([...dates].sort());
    expect((await asStaff('GET', `/api/admin/gift-aid/claims/${answer.body.id}/parts/4.csv`)).status).toBe(404);
  });

  it('claims each gift once when two staff prepare the same claim at the same moment', async () => {
    await declare({ email: 'race@example.org', declaredOn: '2005-01-01', coversPastGifts: false });
    await recordGifts(
      Array.from({ length: 300 }, (_, index) => ({
        email: 'race@example.org',
        amount: '1.00',
        receivedOn: `2005-${String((index % 12) + 1).padStart(2, '0')}-15`,
      })),
    );
    const answers = await Promise.all([claim('2005-01-01', '2005-12-31'), claim('2005-01-01', '2005-12-31')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 201)!.body).toMatchObject({ gift_count: 300, total: '300.00' });
    const { rows } = await app.ctx.db.execute<{ claimed: number; distinct_gifts: number }>(sql`
      select count(*)::int as claimed, count(distinct claimed.gift_id)::int as distinct_gifts
      from gift_aid_claim_gifts claimed join gifts gift on gift.id = claimed.gift_id
      where gift.email = 'race@example.org'`);
    expect(rows[0]).toEqual({ claimed: 300, distinct_gifts: 300 });
  });

  it('keeps a claimed gift when staff try to delete it, and lets an unclaimed one go', async () => {
    await declare({ email: 'kept@example.org', declaredOn: '2004-01-01', coversPastGifts: false });
    await recordGifts([{ email: 'kept@example.org', amount: '25.00', receivedOn: '2004-03-01' }]);
    expect((await claim('2004-01-01', '2004-12-31')).status).toBe(201);
    await recordGifts([{ email: 'kept@example.org', amount: '8.00', receivedOn: '2004-03-02' }]);
    const { rows } = await app.ctx.db.execute<{ id: number; amount: string }>(
      sql`select id, amount::text from gifts where email = 'kept@example.org' order by id`,
    );
    const [claimed, unclaimed] = rows;
    const refused = await asStaff('DELETE', `/api/admin/building-fund/gifts/${claimed!.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/Gift Aid claim/);
    expect((await asStaff('DELETE', `/api/admin/building-fund/gifts/${unclaimed!.id}/`)).status).toBe(204);
    const { rows: left } = await app.ctx.db.execute<{ amount: string }>(
      sql`select amount::text from gifts where email = 'kept@example.org'`,
    );
    expect(left).toEqual([{ amount: '25.00' }]);
  });

  it('refuses a range that is not one, naming the field', async () => {
    expect((await claim('2020-02-01', '2020-01-01')).body).toEqual({
      to: ['The end date cannot be before the start date.'],
    });
    expect((await asStaff('POST', '/api/admin/gift-aid/claims/', { to: 'soon' })).body).toEqual({
      from: [REQUIRED],
      to: ['Enter a valid date in the format YYYY-MM-DD.'],
    });
  });

  it('is for staff only', async () => {
    expect(
      (await app.call('POST', '/api/admin/gift-aid/claims/', { from: '2000-01-01', to: '2030-01-01' })).status,
    ).toBe(401);
    expect((await app.call('GET', '/api/admin/gift-aid/claims/')).status).toBe(401);
    expect((await app.call('GET', '/api/admin/gift-aid/claims/1/parts/1.csv')).status).toBe(401);
    expect((await app.call('GET', '/api/admin/gift-aid/declarations/?email=ada@example.org')).status).toBe(401);
    expect((await app.call('POST', '/api/admin/gift-aid/declarations/1/cancel/')).status).toBe(401);
  });
});

describe('the Gift Aid declaration on the forms', () => {
  it('refuses a ticked box without a postcode or with one that is not a UK postcode, storing nothing', async () => {
    const before = await app.ctx.db.$count(giftAidDeclarations);
    const noPostcode = await app.call(
      'POST',
      '/api/building-fund/',
      pledgeForm({ gift_aid: true, house_name_or_number: '12' }),
    );
    expect(noPostcode.status).toBe(400);
    expect(noPostcode.body).toEqual({ postcode: [REQUIRED] });
    const badPostcode = await app.call('POST', '/api/give/', {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      gift_aid: true,
      postcode: 'N1 9G',
    });
    expect(badPostcode.body).toEqual({ house_name_or_number: [REQUIRED], postcode: [BAD_POSTCODE] });
    // The address fields are checked with the others, so the visitor sees every mistake at once.
    const withOthers = await app.call('POST', '/api/give/', { email: 'not an address', gift_aid: true });
    expect(Object.keys(withOthers.body).sort()).toEqual(['email', 'house_name_or_number', 'name', 'postcode']);
    expect(await app.ctx.db.$count(giftAidDeclarations)).toBe(before);
  });

  it('stores a declaration dated today from each form, with the address HMRC asks for', async () => {
    const pledged = await app.call(
      'POST',
      '/api/building-fund/',
      pledgeForm({
        email: 'Grace@Example.org',
        first_name: 'Grace',
        last_name: 'Hopper',
        gift_aid: true,
        title: 'Dr',
        house_name_or_number: ' Flat 2, 10 ',
        postcode: 'sw1a2aa',
      }),
    );
    expect(pledged.status).toBe(201);
    const given = await app.call('POST', '/api/give/', {
      name: 'Grace Brewster Hopper',
      email: 'grace@example.org',
      gift_aid: true,
      house_name_or_number: '10',
      postcode: ' n1  9gu ',
    });
    expect(given.status).toBe(201);
    // Unticked, whatever was typed in the address is not a declaration.
    const unticked = await app.call('POST', '/api/give/', {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      gift_aid: false,
      postcode: 'nonsense',
    });
    expect(unticked.status).toBe(201);

    const declarations = await declarationsOf('GRACE@example.org');
    expect(declarations.status).toBe(200);
    const common = {
      id: expect.any(Number),
      email: 'grace@example.org',
      declared_on: londonToday(),
      covers_past_gifts: true,
      cancelled_at: null,
      used_in_claim: false,
      created_at: expect.any(String),
    };
    expect(declarations.body).toEqual([
      {
        ...common,
        title: 'Dr',
        first_name: 'Grace',
        last_name: 'Hopper',
        house_name_or_number: 'Flat 2, 10',
        postcode: 'SW1A 2AA',
        source: 'building_fund',
      },
      {
        ...common,
        title: '',
        first_name: 'Grace Brewster',
        last_name: 'Hopper',
        house_name_or_number: '10',
        postcode: 'N1 9GU',
        source: 'giving',
      },
    ]);
    expect(await giftAidStatus(app.ctx.db, 'grace@example.org')).toEqual({
      declared: true,
      declared_on: londonToday(),
      covers_gifts_from: `${Number(londonToday().slice(0, 4)) - 4}${londonToday().slice(4)}`.replace(
        /-02-29$/,
        '-02-28',
      ),
    });
  });

  it('lets staff cancel a declaration, after which it covers no new gift', async () => {
    await app.call('POST', '/api/give/', {
      name: 'Hedy Lamarr',
      email: 'hedy@example.org',
      gift_aid: true,
      house_name_or_number: '3',
      postcode: 'W1A 0AX',
    });
    const [declaration] = (await declarationsOf('hedy@example.org')).body;
    const cancelled = await asStaff('POST', `/api/admin/gift-aid/declarations/${declaration.id}/cancel/`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelled_at).toEqual(expect.any(String));
    expect(await giftAidStatus(app.ctx.db, 'hedy@example.org')).toEqual({ declared: false });
    await recordGifts([{ email: 'hedy@example.org', amount: '15.00', receivedOn: londonToday() }]);
    const today = londonToday();
    const { rows } = await app.ctx.db.execute<{ count: number }>(
      sql`select count(*)::int as count from gifts where email = 'hedy@example.org' and received_on = ${today}::date`,
    );
    expect(rows[0]!.count).toBe(1);
    expect((await claim(today, today)).status).toBe(409);
  });
});
