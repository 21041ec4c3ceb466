import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildingFundGoals,
  buildingFundPledges,
  buildingFundSettings,
  gifts,
} from '@gather/server/platform/database/schema/building-fund';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { londonToday, shiftDay } from '../../support/calendar-days.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const DONATIONS = '/api/admin/building-fund-donations/';
const ONE_OFF = '/api/admin/building-fund/gifts/';
const SETTINGS = '/api/admin/building-fund/settings/';
const PROGRESS = '/api/building-fund/progress/';

const get = (path: string) => app.call('GET', path, undefined, staff.headers);
const send = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);

/** The calendar day in the church's zone (the default, Europe/London), worked out independently. */

type PledgeInsert = typeof buildingFundPledges.$inferInsert;
async function addPledge(change: Partial<PledgeInsert> = {}) {
  const [row] = await app.ctx.db
    .insert(buildingFundPledges)
    .values({
      firstName: 'Lydia',
      lastName: 'Purple',
      email: 'lydia@example.org',
      totalPledge: '100.00',
      currency: 'GBP',
      paymentType: 'partial',
      paymentAmount: '10.00',
      payByDate: shiftDay(londonToday(), 30),
      paymentMethod: 'bank_transfer',
      ...change,
    })
    .returning();
  return row!.id;
}

const gift = (amount: string, change: Record<string, unknown> = {}) => ({
  amount,
  received_on: londonToday(),
  method: 'bank_transfer',
  ...change,
});
const recordGift = (pledgeId: number, body: unknown) => send('POST', `${DONATIONS}${pledgeId}/gifts/`, body);

beforeEach(async () => {
  await app.ctx.db.delete(gifts);
  await app.ctx.db.delete(buildingFundPledges);
  await app.ctx.db.delete(buildingFundGoals);
  await app.ctx.db.delete(buildingFundSettings);
});

describe('gifts recorded against a pledge', () => {
  it('answers 401 without a session', async () => {
    const id = await addPledge();
    expect((await app.call('POST', `${DONATIONS}${id}/gifts/`, gift('5.00'))).status).toBe(401);
    expect((await app.call('GET', `${DONATIONS}${id}/gifts/`)).status).toBe(401);
    expect((await app.call('POST', ONE_OFF, gift('5.00'))).status).toBe(401);
    expect((await app.call('PUT', SETTINGS, { show_progress: true, goals: {} })).status).toBe(401);
  });

  it('answers the pledge with paid and remaining balance from its gifts', async () => {
    const id = await addPledge({ totalPledge: '250.00', paymentAmount: '250.00', paymentType: 'full' });
    const first = await recordGift(id, gift('100.10', { reference: 'STO 1', method: 'standing_order' }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, paid: '100.10', remaining_balance: '149.90', gift_count: 1 });

    const second = await recordGift(id, gift('149.90', { received_on: shiftDay(londonToday(), -3) }));
    expect(second.body).toMatchObject({ paid: '250.00', remaining_balance: '0.00', gift_count: 2 });

    const listed = await get(`${DONATIONS}${id}/gifts/`);
    expect(listed.status).toBe(200);
    expect(listed.body.pledge).toMatchObject({ paid: '250.00', remaining_balance: '0.00' });
    expect(listed.body.results).toEqual([
      expect.objectContaining({ amount: '149.90', first_name: 'Lydia', email: 'lydia@example.org', currency: 'GBP' }),
      expect.objectContaining({ amount: '100.10', method: 'standing_order', reference: 'STO 1' }),
    ]);

    const mistaken = listed.body.results[0].id;
    const removed = await send('DELETE', `${DONATIONS}${id}/gifts/${mistaken}/`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ paid: '100.10', remaining_balance: '149.90', gift_count: 1 });
    expect((await send('DELETE', `${DONATIONS}${id}/gifts/${mistaken}/`)).status).toBe(404);
    expect((await get(`${DONATIONS}${id}/`)).body).toMatchObject({ paid: '100.10', remaining_balance: '149.90' });
  });

  it('keeps money exact across hundreds of small gifts', async () => {
    const id = await addPledge({ totalPledge: '1000.00' });
    // 300 gifts of 10p and 7 of 3p: in floating point 0.1 added 300 times is not 30.
    const amounts = [...Array.from({ length: 300 }, () => '0.10'), ...Array.from({ length: 7 }, () => '0.03')];
    await app.ctx.db.insert(gifts).values(
      amounts.slice(1).map((amount) => ({
        pledgeId: id,
        firstName: 'Lydia',
        lastName: 'Purple',
        amount,
        receivedOn: londonToday(),
        method: 'cash',
      })),
    );
    const last = await recordGift(id, gift(amounts[0]!));
    expect(last.body).toMatchObject({ paid: '30.21', remaining_balance: '969.79', gift_count: 307 });
    const listed = await get(`${DONATIONS}?search=lydia`);
    expect(listed.body.results[0]).toMatchObject({ paid: '30.21', remaining_balance: '969.79' });
  });

  it('refuses bad gifts field by field', async () => {
    const id = await addPledge();
    const cases: [Record<string, unknown>, string][] = [
      [gift('-5.00'), 'amount'],
      [gift('0'), 'amount'],
      [gift('1.005'), 'amount'],
      [gift('ten'), 'amount'],
      [gift('5.00', { received_on: shiftDay(londonToday(), 1) }), 'received_on'],
      [gift('5.00', { received_on: '25/12/2026' }), 'received_on'],
      [gift('5.00', { method: 'barter' }), 'method'],
      [gift('5.00', { reference: 'x'.repeat(101) }), 'reference'],
    ];
    for (const [body, field] of cases) {
      const answer = await recordGift(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body)).toEqual([field]);
    }
    const answer = await recordGift(id, gift('5.00', { received_on: shiftDay(londonToday(), 1), method: 'barter' }));
    expect(answer.body).toEqual({
      received_on: ['The date received cannot be in the future.'],
      method: [expect.stringContaining('"barter" is not a valid choice')],
    });
    expect((await recordGift(id, {})).body).toEqual({
      amount: ['This field is required.'],
      received_on: ['This field is required.'],
      method: ['This field is required.'],
    });
    expect(await app.ctx.db.$count(gifts)).toBe(0);
  });

  it('answers 404 for an unknown pledge', async () => {
    const id = await addPledge();
    expect((await recordGift(id + 1000, gift('5.00'))).status).toBe(404);
    expect((await get(`${DONATIONS}${id + 1000}/gifts/`)).status).toBe(404);
  });

  it('keeps a gift, with its donor, when its pledge is deleted', async () => {
    const id = await addPledge();
    await recordGift(id, gift('12.34'));
    expect((await send('DELETE', `${DONATIONS}${id}/`)).status).toBe(204);
    const [kept] = await app.ctx.db.select().from(gifts);
    expect(kept).toMatchObject({ pledgeId: null, firstName: 'Lydia', email: 'lydia@example.org', amount: '12.34' });
  });
});

describe('behind schedule and the export', () => {
  it('filters pledges behind schedule and exports paid, remaining and gift count', async () => {
    const today = londonToday();
    const madeTenDaysAgo = new Date(`${shiftDay(today, -10)}T12:00:00Z`);
    // Made 10 days ago, due in 10: half (50.00) is expected by today.
    const onTrack = await addPledge({
      firstName: 'OnTrack',
      createdAt: madeTenDaysAgo,
      payByDate: shiftDay(today, 10),
    });
    const behind = await addPledge({ firstName: 'Behind', createdAt: madeTenDaysAgo, payByDate: shiftDay(today, 10) });
    const late = await addPledge({ firstName: 'Late', createdAt: madeTenDaysAgo, payByDate: shiftDay(today, -1) });
    const paidUp = await addPledge({ firstName: 'PaidUp', createdAt: madeTenDaysAgo, payByDate: shiftDay(today, -1) });
    await recordGift(onTrack, gift('50.00'));
    await recordGift(behind, gift('49.99'));
    await recordGift(paidUp, gift('100.00'));
    void late;

    const names = (answer: { body: { results: { first_name: string }[] } }) =>
      answer.body.results.map((row) => row.first_name).sort();
    expect(names(await get(`${DONATIONS}?behind_schedule=true`))).toEqual(['Behind', 'Late']);
    expect(names(await get(`${DONATIONS}?behind_schedule=false`))).toEqual(['OnTrack', 'PaidUp']);
    expect((await get(`${DONATIONS}summary/?behind_schedule=true`)).body).toMatchObject({ count: 2 });

    const csv = await get(`${DONATIONS}export/?behind_schedule=true&ordering=name`);
    const [header, ...rows] = (csv.body as string)
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(rows.map((row) => cell(row, 'First name'))).toEqual(['Behind', 'Late']);
    expect(rows.map((row) => [cell(row, 'Paid'), cell(row, 'Remaining balance'), cell(row, 'Gifts')])).toEqual([
      ['49.99', '50.01', '1'],
      ['0.00', '100.00', '0'],
    ]);
    expect(rows.map((row) => cell(row, 'Behind schedule'))).toEqual(['yes', 'yes']);
  });
});

describe('one-off gifts', () => {
  it('records and lists gifts with no pledge, refusing a bad donor', async () => {
    const answer = await send('POST', ONE_OFF, {
      ...gift('20.00', { method: 'cash' }),
      first_name: 'Dorcas',
      last_name: 'Tabitha',
      email: 'Dorcas@Example.org',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ pledge_id: null, email: 'dorcas@example.org', currency: 'GBP' });
    const refused = await send('POST', ONE_OFF, { ...gift('5.00'), first_name: '', email: 'not-an-address' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual(['email', 'first_name', 'last_name']);
    expect((await get(ONE_OFF)).body.results).toEqual([expect.objectContaining({ first_name: 'Dorcas' })]);

    expect((await send('DELETE', `${ONE_OFF}${answer.body.id}/`)).status).toBe(204);
    expect((await get(ONE_OFF)).body.results).toEqual([]);
    expect((await send('DELETE', `${ONE_OFF}${answer.body.id}/`)).status).toBe(404);
  });
});

describe('the fund’s goal and progress', () => {
  it('shows the public nothing until staff choose to, then goal, received and pledged per currency', async () => {
    expect((await app.call('GET', PROGRESS)).body).toEqual({ visible: false, currencies: [] });
    expect((await get(SETTINGS)).body).toEqual({ show_progress: false, goals: { GBP: null, USD: null } });

    const id = await addPledge({ totalPledge: '300.00' });
    await addPledge({ totalPledge: '50.00', currency: 'USD' });
    await recordGift(id, gift('120.50'));
    await send('POST', ONE_OFF, { ...gift('0.25'), first_name: 'Anna', last_name: 'Phanuel' });

    const hidden = await send('PUT', SETTINGS, { show_progress: false, goals: { GBP: '10000', USD: null } });
    expect(hidden.body).toEqual({ show_progress: false, goals: { GBP: '10000.00', USD: null } });
    expect((await app.call('GET', PROGRESS)).body).toEqual({ visible: false, currencies: [] });

    await send('PUT', SETTINGS, { show_progress: true, goals: { GBP: '10000', USD: 2500.5 } });
    expect((await app.call('GET', PROGRESS)).body).toEqual({
      visible: true,
      currencies: [
        { currency: 'GBP', goal: '10000.00', received: '120.75', pledged: '300.00' },
        { currency: 'USD', goal: '2500.50', received: '0.00', pledged: '50.00' },
      ],
    });
  });

  it('counts a visitor’s new pledge at once, though the progress is kept in memory between changes', async () => {
    await send('PUT', SETTINGS, { show_progress: true, goals: { GBP: '10000', USD: null } });
    const pledgedNow = async () => (await app.call('GET', PROGRESS)).body.currencies[0]?.pledged;
    const before = await pledgedNow();
    const pledge = await app.call('POST', '/api/building-fund/', {
      first_name: 'Lydia',
      last_name: 'Purple',
      email: 'lydia@example.org',
      currency: 'GBP',
      total_pledge: 100,
      pay_by_date: shiftDay(londonToday(), 30),
      payment_type: 'full',
      payment_method: 'online',
    });
    expect(pledge.status).toBe(201);
    expect(await pledgedNow()).toBe((Number(before) + 100).toFixed(2));
  });

  it('refuses bad settings field by field', async () => {
    const answer = await send('PUT', SETTINGS, { show_progress: 'yes', goals: { GBP: '-1', USD: '1.234' } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body).sort()).toEqual(['goals.GBP', 'goals.USD', 'show_progress']);
    expect((await send('PUT', SETTINGS, {})).body).toEqual({
      show_progress: ['This field is required.'],
      goals: ['This field is required.'],
    });
    expect((await get(SETTINGS)).body.show_progress).toBe(false);
  });
});
