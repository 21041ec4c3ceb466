import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { startTestApp, type TestApp } from '../../support/app.js';
import { REQUIRED, BLANK } from '../../support/field-messages.js';
import { dayIn, londonToday, shiftDay } from '../../support/calendar-days.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const AT_LEAST_ONE = 'Ensure this value is greater than or equal to 1.';
const TWO_DECIMALS = 'Ensure that there are no more than 2 decimal places.';
const NOT_A_NUMBER = 'A valid number is required.';
const PAST = 'Pay-by date cannot be in the past.';
const BAD_DATE = 'Enter a valid date in the format YYYY-MM-DD.';
const ABOVE_TOTAL = 'Amount to pay now cannot be more than the total pledge.';

/** The calendar day in a zone, worked out here independently of the code under test. */

const pledgeForm = (change: Record<string, unknown> = {}) => ({
  first_name: 'Florence',
  middle_name: '',
  last_name: 'Nightingale',
  email: 'florence@example.org',
  phone: '',
  currency: 'GBP',
  total_pledge: 1000,
  pay_by_date: shiftDay(londonToday(), 30),
  payment_type: 'partial',
  payment_amount: '250.50',
  payment_method: 'bank_transfer',
  message: '',
  ...change,
});

const pledge = (change: Record<string, unknown> = {}) => app.call('POST', '/api/building-fund/', pledgeForm(change));
const storedPledge = async (id: number) =>
  (await app.ctx.db.select().from(buildingFundPledges).where(eq(buildingFundPledges.id, id)))[0];

/** Refused input must leave no pledge behind. */
async function expectRefused(change: Record<string, unknown>, errors: Record<string, string[]>) {
  const before = await app.ctx.db.$count(buildingFundPledges);
  const answer = await pledge(change);
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual(errors);
  expect(await app.ctx.db.$count(buildingFundPledges)).toBe(before);
}

describe('building fund pledge', () => {
  it('stores a partial pledge exactly and answers it with the remaining balance', async () => {
    const payBy = shiftDay(londonToday(), 30);
    const answer = await pledge({
      first_name: '  Florence ',
      middle_name: ' Mary ',
      email: ' Florence@Example.ORG ',
      phone: ' 020 7946 0001 ',
      currency: 'USD',
      pay_by_date: payBy,
      message: ' For the new hall ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      first_name: 'Florence',
      middle_name: 'Mary',
      last_name: 'Nightingale',
      full_name: 'Florence Mary Nightingale',
      email: 'florence@example.org',
      phone: '020 7946 0001',
      total_pledge: '1000.00',
      currency: 'USD',
      payment_type: 'partial',
      payment_amount: '250.50',
      remaining_balance: '749.50',
      pay_by_date: payBy,
      payment_method: 'bank_transfer',
      message: 'For the new hall',
      payment_status: 'pending',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const row = await storedPledge(answer.body.id);
    expect(row).toMatchObject({
      firstName: 'Florence',
      middleName: 'Mary',
      email: 'florence@example.org',
      totalPledge: '1000.00',
      paymentAmount: '250.50',
      currency: 'USD',
      payByDate: payBy,
      paymentStatus: 'pending',
      adminNotes: '',
    });
    expect(new Date(answer.body.created_at).getTime()).toBe(row!.createdAt.getTime());
  });

  it('sets the amount paid now to the total for a full payment', async () => {
    const answer = await pledge({
      payment_type: 'full',
      payment_amount: '',
      total_pledge: '500',
      payment_method: 'online',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      full_name: 'Florence Nightingale',
      total_pledge: '500.00',
      payment_amount: '500.00',
      remaining_balance: '0.00',
      payment_status: 'pending',
    });
    const row = await storedPledge(answer.body.id);
    expect(row).toMatchObject({ paymentType: 'full', totalPledge: '500.00', paymentAmount: '500.00' });

    const omitted = await pledge({ payment_type: 'full', payment_amount: undefined, total_pledge: 75.25 });
    expect(omitted.status).toBe(201);
    expect(omitted.body).toMatchObject({ payment_amount: '75.25', remaining_balance: '0.00' });

    const matching = await pledge({ payment_type: 'full', payment_amount: '75.25', total_pledge: 75.25 });
    expect(matching.status).toBe(201);
  });

  it('refuses a full payment whose amount is not the total', async () => {
    await expectRefused(
      { payment_type: 'full', payment_amount: 100, total_pledge: 1000 },
      { payment_amount: ['For a full payment, the amount to pay now must equal the total pledge.'] },
    );
  });

  it('keeps money exact where float maths would not', async () => {
    const answer = await pledge({ total_pledge: 300.3, payment_amount: 100.1 });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      total_pledge: '300.30',
      payment_amount: '100.10',
      remaining_balance: '200.20',
    });
    const [row] = await app.ctx.db
      .select({
        total: buildingFundPledges.totalPledge,
        amount: buildingFundPledges.paymentAmount,
        remaining: sql<string>`${buildingFundPledges.totalPledge} - ${buildingFundPledges.paymentAmount}`,
      })
      .from(buildingFundPledges)
      .where(eq(buildingFundPledges.id, answer.body.id));
    expect(row).toEqual({ total: '300.30', amount: '100.10', remaining: '200.20' });

    const cents = await pledge({ total_pledge: '0000200.2', payment_amount: '0.10', payment_type: 'partial' });
    expect(cents.status).toBe(400);
    expect(cents.body).toEqual({ payment_amount: [AT_LEAST_ONE] });

    const large = await pledge({ total_pledge: '9999999.99', payment_amount: '1234567.89' });
    expect(large.status).toBe(201);
    expect(large.body).toMatchObject({ total_pledge: '9999999.99', remaining_balance: '8765432.10' });
  });

  it('ignores a payment status or staff notes sent by the visitor', async () => {
    const answer = await pledge({ payment_status: 'completed', admin_notes: 'paid in cash' });
    expect(answer.status).toBe(201);
    expect(answer.body.payment_status).toBe('pending');
    expect(answer.body).not.toHaveProperty('admin_notes');
    expect(await storedPledge(answer.body.id)).toMatchObject({ paymentStatus: 'pending', adminNotes: '' });
  });

  it('accepts today in London as the pay-by date, and refuses yesterday', async () => {
    const today = await pledge({ pay_by_date: londonToday() });
    expect(today.status).toBe(201);
    expect(today.body.pay_by_date).toBe(londonToday());
    await expectRefused({ pay_by_date: shiftDay(londonToday(), -1) }, { pay_by_date: [PAST] });
  });

  it.each([
    ['2026-02-30', BAD_DATE],
    ['2027-13-01', BAD_DATE],
    ['01/12/2030', BAD_DATE],
    ['tomorrow', BAD_DATE],
    [20301201, BAD_DATE],
    ['', REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
  ])('refuses the pay-by date %j', async (payBy, message) => {
    await expectRefused({ pay_by_date: payBy }, { pay_by_date: [message] });
  });

  it.each([
    [0.5, AT_LEAST_ONE],
    [0, AT_LEAST_ONE],
    [-10, AT_LEAST_ONE],
    ['-10', AT_LEAST_ONE],
    [10.005, TWO_DECIMALS],
    ['10.005', TWO_DECIMALS],
    ['100.100', TWO_DECIMALS],
    ['abc', NOT_A_NUMBER],
    ['NaN', NOT_A_NUMBER],
    ['Infinity', NOT_A_NUMBER],
    ['1e3', NOT_A_NUMBER],
    ['12,50', NOT_A_NUMBER],
    [true, NOT_A_NUMBER],
    [{ amount: 5 }, NOT_A_NUMBER],
    [10_000_000.01, 'Ensure this value is less than or equal to 10000000.'],
    [1e30, 'Ensure this value is less than or equal to 10000000.'],
    ['', REQUIRED],
    ['   ', REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
  ])('refuses the total pledge %j', async (total, message) => {
    await expectRefused(
      { total_pledge: total, payment_type: 'full', payment_amount: undefined },
      { total_pledge: [message] },
    );
  });

  it('accepts a total given as text and writes it with two decimals', async () => {
    const answer = await pledge({ total_pledge: ' 1234.5 ', payment_type: 'full', payment_amount: undefined });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ total_pledge: '1234.50', payment_amount: '1234.50' });
    expect((await storedPledge(answer.body.id))?.totalPledge).toBe('1234.50');
  });

  it.each([
    [{ payment_amount: 1000.01 }, ABOVE_TOTAL],
    [{ payment_amount: '5000' }, ABOVE_TOTAL],
    [{ payment_amount: undefined }, REQUIRED],
    [{ payment_amount: '' }, REQUIRED],
    [{ payment_amount: 0.99 }, AT_LEAST_ONE],
    [{ payment_amount: '10.999' }, TWO_DECIMALS],
    [{ payment_amount: 'ten' }, NOT_A_NUMBER],
  ])('refuses the partial amount in %j', async (change, message) => {
    await expectRefused(change, { payment_amount: [message] });
  });

  it('accepts a partial amount equal to the total', async () => {
    const answer = await pledge({ payment_amount: '1000.00' });
    expect(answer.status).toBe(201);
    expect(answer.body.remaining_balance).toBe('0.00');
  });

  it('shows an amount above the total together with mistakes in other fields', async () => {
    await expectRefused(
      { first_name: '', payment_amount: 2000 },
      { first_name: [BLANK], payment_amount: [ABOVE_TOTAL] },
    );
  });

  it('names every missing required field under its own name', async () => {
    await expectRefused(
      {
        first_name: undefined,
        last_name: undefined,
        email: undefined,
        currency: undefined,
        total_pledge: undefined,
        pay_by_date: undefined,
        payment_type: undefined,
        payment_amount: undefined,
        payment_method: undefined,
      },
      {
        first_name: [REQUIRED],
        last_name: [REQUIRED],
        email: [REQUIRED],
        currency: [REQUIRED],
        total_pledge: [REQUIRED],
        pay_by_date: [REQUIRED],
        payment_type: [REQUIRED],
        payment_method: [REQUIRED],
      },
    );
  });

  it.each([
    ['first_name', { first_name: '   ' }, BLANK],
    ['first_name', { first_name: 'f'.repeat(101) }, 'Ensure this field has no more than 100 characters.'],
    ['middle_name', { middle_name: 'm'.repeat(101) }, 'Ensure this field has no more than 100 characters.'],
    ['last_name', { last_name: '' }, BLANK],
    ['email', { email: '' }, BLANK],
    ['email', { email: 'florence@' }, 'Enter a valid email address.'],
    ['phone', { phone: '0'.repeat(31) }, 'Ensure this field has no more than 30 characters.'],
    ['message', { message: 'm'.repeat(5001) }, 'Ensure this field has no more than 5000 characters.'],
    ['currency', { currency: 'EUR' }, '"EUR" is not a valid choice. Choose one of: GBP, USD.'],
    ['currency', { currency: 'gbp' }, '"gbp" is not a valid choice. Choose one of: GBP, USD.'],
    ['payment_type', { payment_type: 'monthly' }, '"monthly" is not a valid choice. Choose one of: full, partial.'],
    [
      'payment_method',
      { payment_method: 'cheque' },
      '"cheque" is not a valid choice. Choose one of: online, bank_transfer, in_person.',
    ],
    ['payment_method', { payment_method: '' }, REQUIRED],
  ])('refuses a bad %s (%j)', async (field, change, message) => {
    await expectRefused(change, { [field]: [message] });
  });

  it('answers a malformed JSON body with a 400 detail', async () => {
    const answer = await app.call('POST', '/api/building-fund/', '{"first_name": "Flo",');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: expect.any(String) });
  });
});

describe('the pay-by date in the church time zone', () => {
  // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: Pago Pago's today is always
  // before Kiritimati's, so only the configured zone can explain which day is accepted.
  let kiritimati: TestApp;
  beforeAll(async () => {
    kiritimati = await startTestApp({ CHURCH_TIMEZONE: 'Pacific/Kiritimati' });
  });
  afterAll(() => kiritimati.close());

  it("judges 'today' by the church's calendar, not the server's", async () => {
    const churchToday = dayIn('Pacific/Kiritimati');
    const behind = dayIn('Pacific/Pago_Pago');
    const past = await kiritimati.call('POST', '/api/building-fund/', pledgeForm({ pay_by_date: behind }));
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ pay_by_date: [PAST] });
    const today = await kiritimati.call('POST', '/api/building-fund/', pledgeForm({ pay_by_date: churchToday }));
    expect(today.status).toBe(201);
    expect(today.body.pay_by_date).toBe(churchToday);
  });
});
