import { describe, expect, it } from 'vitest';
import { londonToday, shiftDay } from '../../support/calendar-days.js';
import { DONATIONS, firstNames, minute, StaffPledges } from '../../support/staff-pledges.js';

const pledges = StaffPledges.forFile();
const { get, addPledges } = pledges;

describe('building fund list', () => {
  it('answers 401 without a session', async () => {
    expect((await pledges.app.call('GET', DONATIONS)).status).toBe(401);
  });

  it('answers the admin view of each pledge, newest first, in pages', async () => {
    const payBy = shiftDay(londonToday(), 30);
    const [id] = await addPledges({
      middleName: 'May',
      phone: '020 7946 0000',
      totalPledge: '1000.50',
      paymentAmount: '250.25',
      message: 'For the roof',
      adminNotes: 'Called on Monday',
    });
    await addPledges(...Array.from({ length: 11 }, (_, i) => ({ firstName: `Later ${i}`, createdAt: minute(10 + i) })));

    const answer = await get(`${DONATIONS}?page=2`);
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(12);
    expect(answer.body.next).toBeNull();
    expect(answer.body.previous).toBe(`${DONATIONS}?page=1`);
    expect(firstNames(answer)).toEqual(['Later 0', 'Florence']);
    expect(answer.body.results[1]).toEqual({
      id,
      first_name: 'Florence',
      middle_name: 'May',
      last_name: 'Nightingale',
      full_name: 'Florence May Nightingale',
      email: 'florence@example.org',
      phone: '020 7946 0000',
      total_pledge: '1000.50',
      currency: 'GBP',
      payment_type: 'partial',
      payment_amount: '250.25',
      // Staff see the balance the gifts leave (none recorded yet), not the form's "paying now".
      remaining_balance: '1000.50',
      pay_by_date: payBy,
      payment_method: 'bank_transfer',
      message: 'For the roof',
      payment_status: 'pending',
      admin_notes: 'Called on Monday',
      is_overdue: false,
      paid: '0.00',
      gift_count: 0,
      // Made in January, nothing received, due in a month: most of the even share is already due.
      is_behind_schedule: true,
      reminders_enabled: true,
      created_at: minute(0).toISOString(),
    });
    expect(firstNames(await get(`${DONATIONS}?page_size=2`))).toEqual(['Later 10', 'Later 9']);
  });

  it('filters by status, payment type, currency and overdue', async () => {
    const yesterday = shiftDay(londonToday(), -1);
    await addPledges(
      { firstName: 'Late', payByDate: yesterday },
      { firstName: 'LatePaid', payByDate: yesterday, paymentStatus: 'completed' },
      { firstName: 'Today', payByDate: londonToday(), paymentStatus: 'confirmed' },
      { firstName: 'Dollar', currency: 'USD', paymentType: 'full', paymentAmount: '1000.00' },
    );

    expect(firstNames(await get(`${DONATIONS}?overdue=true`))).toEqual(['Late']);
    expect(firstNames(await get(`${DONATIONS}?overdue=false`))).toEqual(['Dollar', 'Today', 'LatePaid']);
    expect(firstNames(await get(`${DONATIONS}?payment_status=completed`))).toEqual(['LatePaid']);
    expect(firstNames(await get(`${DONATIONS}?payment_status=confirmed`))).toEqual(['Today']);
    expect(firstNames(await get(`${DONATIONS}?payment_type=full`))).toEqual(['Dollar']);
    expect(firstNames(await get(`${DONATIONS}?currency=USD`))).toEqual(['Dollar']);
    expect(firstNames(await get(`${DONATIONS}?currency=GBP&payment_status=pending`))).toEqual(['Late']);

    const all = await get(DONATIONS);
    const overdue = Object.fromEntries(
      all.body.results.map((row: { first_name: string; is_overdue: boolean }) => [row.first_name, row.is_overdue]),
    );
    expect(overdue).toEqual({ Late: true, LatePaid: false, Today: false, Dollar: false });
  });

  it.each([
    ['payment_status=refunded', 'payment_status'],
    ['payment_type=monthly', 'payment_type'],
    ['currency=EUR', 'currency'],
    ['overdue=yes', 'overdue'],
    ['ordering=phone', 'ordering'],
    ['page_size=500', 'page_size'],
  ])('refuses %s with a message under %s', async (query, field) => {
    const answer = await get(`${DONATIONS}?${query}`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual([field]);
  });

  it('searches first, middle, last and full name and e-mail, ignoring case', async () => {
    await addPledges(
      { firstName: 'Florence', middleName: 'May', lastName: 'Nightingale', email: 'flo@example.org' },
      { firstName: 'Mary', lastName: 'Seacole', email: 'm.seacole@Jamaica.example' },
      { firstName: 'Edith', lastName: 'Cavell', email: 'edith@example.org' },
    );
    expect(firstNames(await get(`${DONATIONS}?search=NIGHTINGALE`))).toEqual(['Florence']);
    expect(firstNames(await get(`${DONATIONS}?search=may`))).toEqual(['Florence']);
    expect(firstNames(await get(`${DONATIONS}?search=${encodeURIComponent('florence may night')}`))).toEqual([
      'Florence',
    ]);
    expect(firstNames(await get(`${DONATIONS}?search=${encodeURIComponent('Mary Seacole')}`))).toEqual(['Mary']);
    expect(firstNames(await get(`${DONATIONS}?search=JAMAICA.EXAMPLE`))).toEqual(['Mary']);
    expect((await get(`${DONATIONS}?search=%25`)).body.count).toBe(0);
  });

  it('sorts by name (last, then first), amounts, dates and status', async () => {
    const today = londonToday();
    await addPledges(
      {
        firstName: 'Bea',
        lastName: 'Adams',
        totalPledge: '50.00',
        paymentAmount: '10.00',
        payByDate: shiftDay(today, 3),
      },
      {
        firstName: 'Al',
        lastName: 'adams',
        totalPledge: '500.00',
        paymentAmount: '5.00',
        payByDate: shiftDay(today, 1),
      },
      {
        firstName: 'Cy',
        lastName: 'Brown',
        totalPledge: '99.99',
        paymentAmount: '99.99',
        payByDate: shiftDay(today, 2),
      },
    );
    expect(firstNames(await get(`${DONATIONS}?ordering=name`))).toEqual(['Al', 'Bea', 'Cy']);
    expect(firstNames(await get(`${DONATIONS}?ordering=-name`))).toEqual(['Cy', 'Bea', 'Al']);
    expect(firstNames(await get(`${DONATIONS}?ordering=total_pledge`))).toEqual(['Bea', 'Cy', 'Al']);
    expect(firstNames(await get(`${DONATIONS}?ordering=-payment_amount`))).toEqual(['Cy', 'Bea', 'Al']);
    expect(firstNames(await get(`${DONATIONS}?ordering=pay_by_date`))).toEqual(['Al', 'Cy', 'Bea']);
    expect(firstNames(await get(`${DONATIONS}?ordering=created_at`))).toEqual(['Bea', 'Al', 'Cy']);
  });
});

describe('summary', () => {
  const SUMMARY = `${DONATIONS}summary/`;

  it('sums the pledged totals per currency exactly, with the count and overdue count of the matches', async () => {
    const yesterday = shiftDay(londonToday(), -1);
    await addPledges(
      { totalPledge: '100.10', paymentAmount: '100.10', paymentType: 'full' },
      { totalPledge: '200.20', paymentAmount: '20.00', payByDate: yesterday },
      { totalPledge: '5000.05', currency: 'USD', payByDate: yesterday, paymentStatus: 'completed' },
      { totalPledge: '1000.95', paymentAmount: '0.95', currency: 'USD', paymentStatus: 'confirmed' },
    );

    const all = await get(SUMMARY);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ totals: { GBP: '300.30', USD: '6001.00' }, count: 4, overdue_count: 1 });

    const pounds = await get(`${SUMMARY}?currency=GBP`);
    expect(pounds.body).toEqual({ totals: { GBP: '300.30', USD: '0.00' }, count: 2, overdue_count: 1 });

    const none = await get(`${SUMMARY}?search=nobody`);
    expect(none.body).toEqual({ totals: { GBP: '0.00', USD: '0.00' }, count: 0, overdue_count: 0 });

    expect((await get(`${SUMMARY}?currency=EUR`)).status).toBe(400);
  });
});

/** RFC 4180 fields: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

describe('CSV export', () => {
  const EXPORT = `${DONATIONS}export/`;

  it('downloads every matching pledge as CSV, with formula-looking cells kept as text', async () => {
    const yesterday = shiftDay(londonToday(), -1);
    await addPledges(
      { firstName: '=HYPERLINK("http://evil.example","Click")', lastName: 'Smith', payByDate: yesterday },
      { firstName: 'Mary', lastName: 'Seacole', message: 'For the roof,\nwith "love"', currency: 'USD' },
      { firstName: 'Paid', lastName: 'Up', paymentStatus: 'completed', adminNotes: '@SUM(A1)' },
      { firstName: 'Other', currency: 'USD', paymentStatus: 'confirmed' },
    );

    const answer = await get(`${EXPORT}?payment_status=pending&ordering=name`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="building-fund-donations-${londonToday()}.csv"`,
    );

    const [header, ...rows] = parseCsv(answer.body);
    expect(header).toContain('Donor name');
    const column = (name: string) => header!.indexOf(name);
    const cell = (row: string[], name: string) => row[column(name)];
    expect(rows.map((row) => cell(row, 'Last name'))).toEqual(['Seacole', 'Smith']);
    expect(cell(rows[0]!, 'Message')).toBe('For the roof,\nwith "love"');
    expect(cell(rows[0]!, 'Currency')).toBe('USD');
    expect(cell(rows[0]!, 'Remaining balance')).toBe('1000.00');
    expect(cell(rows[0]!, 'Paid')).toBe('0.00');
    expect(cell(rows[0]!, 'Gifts')).toBe('0');
    expect(cell(rows[1]!, 'First name')).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(cell(rows[1]!, 'Donor name')).toBe(`'=HYPERLINK("http://evil.example","Click") Smith`);
    expect(cell(rows[1]!, 'Overdue')).toBe('yes');
    expect(cell(rows[1]!, 'Pay by date')).toBe(yesterday);

    const notes = parseCsv((await get(`${EXPORT}?search=paid`)).body);
    expect(notes).toHaveLength(2);
    expect(notes[1]![column('Admin notes')]).toBe("'@SUM(A1)");
  });

  it('answers only the header when nothing matches, and refuses a bad filter before any download', async () => {
    const empty = await get(`${EXPORT}?search=nobody`);
    expect(empty.status).toBe(200);
    expect(parseCsv(empty.body)).toHaveLength(1);

    const refused = await get(`${EXPORT}?ordering=phone`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-disposition')).toBeNull();
    expect(refused.body).toEqual({ ordering: [expect.any(String)] });
  });

  it('exports thousands of pledges in full and in order', async () => {
    const many = Array.from({ length: 1234 }, (_, i) => ({
      firstName: `Donor${String(i).padStart(4, '0')}`,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
    }));
    await addPledges(...many);
    const answer = await get(EXPORT);
    const [header, ...rows] = parseCsv(answer.body);
    expect(rows).toHaveLength(1234);
    const firstName = header!.indexOf('First name');
    expect(rows.map((row) => row[firstName])).toEqual(many.map((pledge) => pledge.firstName).reverse());
  });
});
