import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { eventually } from '../../support/eventually.js';
import { eventTakingSignUps, signUp } from '../../support/registrations.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';
import { londonToday } from '../../support/calendar-days.js';

const EMAIL = 'martha.bethany@example.org';
const REFUSING = 'Martha.Bethany@Example.org';
/** Every way the person's names were written on the forms. */
const NAMES = ['Martha Bethany', 'Martha', 'Bethany', 'Marthe Lazarus'];

let mailing: MailingApp;
let staff: Staff;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  mailing = await startMailingApp({ SMTP_URL: smtp.url, EMAIL_RATE_PER_SECOND: '1000' });
  staff = await signInAsStaff(mailing.app);
});
afterAll(async () => {
  await mailing?.close();
  await smtp?.close();
});

const call = (method: string, path: string, body?: unknown) => mailing.app.call(method, path, body, staff.headers);
const visitor = (path: string, body: unknown) => mailing.app.call('POST', path, body);

/** One person through every door: every form, Q&A, a photo, two campaigns, a suppression. */
async function leaveTraces() {
  expect((await visitor('/api/newsletter/subscribe/', { email: EMAIL })).status).toBe(201);
  await visitor('/api/contact/', {
    name: 'Martha Bethany',
    email: REFUSING,
    phone: '07700 900123',
    subject: 'Prayer',
    message: 'Please pray for my brother.',
  });
  await visitor('/api/connect/', {
    first_name: 'Martha',
    last_name: 'Bethany',
    email: EMAIL,
    phone: '07700 900123',
    interests: ['Volunteering'],
    message: 'I can cook.',
  });
  await visitor('/api/give/', {
    name: 'Marthe Lazarus',
    email: EMAIL,
    message: 'For the roof',
    newsletter_consent: true,
    gift_aid: true,
    house_name_or_number: '4',
    postcode: 'E1 6AN',
  });
  const pledge = await visitor('/api/building-fund/', {
    first_name: 'Martha',
    last_name: 'Bethany',
    email: EMAIL,
    phone: '07700 900123',
    currency: 'GBP',
    total_pledge: 500,
    pay_by_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    payment_type: 'partial',
    payment_amount: 125,
    payment_method: 'bank_transfer',
    message: 'From Martha',
    gift_aid: true,
    title: 'Mrs',
    house_name_or_number: '7',
    postcode: 'N1 9GU',
  });
  expect(pledge.status).toBe(201);
  const gift = await call('POST', `/api/admin/building-fund-donations/${pledge.body.id}/gifts/`, {
    amount: '62.50',
    received_on: new Date().toISOString().slice(0, 10),
    method: 'standing_order',
    reference: 'BETHANY SO',
  });
  expect(gift.status).toBe(201);
  // The pledge's declaration (the newer one) covers the gift; claimed from HMRC, that declaration is evidence now.
  const today = londonToday();
  expect((await call('POST', '/api/admin/gift-aid/claims/', { from: today, to: today })).status).toBe(201);
  const [session] = await mailing.app.ctx.db
    .insert(qnaSessions)
    .values({ title: 'Harvest Q&A', description: '' })
    .returning();
  await mailing.app.ctx.db.insert(qnaQuestions).values([
    { sessionId: session!.id, text: 'When is the supper?', name: ' martha bethany ' },
    { sessionId: session!.id, text: 'Not hers', name: 'Mary' },
  ]);
  const [collection] = await mailing.app.ctx.db.insert(photoCollections).values({ name: 'Harvest' }).returning();
  await mailing.app.ctx.db.insert(collectionUploads).values({
    collectionId: collection!.id,
    file: 'collections/x.jpg',
    fileType: 'image',
    mimeType: 'image/jpeg',
    uploaderName: 'Marthe Lazarus',
    fileSize: 10,
  });
  for (const subject of ['Harvest news', 'Advent news']) {
    const sent = await call('POST', '/api/admin/email/send/', {
      recipients: [{ email: EMAIL, name: 'Martha Bethany' }],
      subject,
      content: 'Hello.',
      kind: 'service',
    });
    await eventually(async () => {
      const detail = await call('GET', `/api/admin/email/campaigns/${sent.body.id}/`);
      return detail.body.status !== 'sending';
    }, `${subject} finished`);
  }
  const eventId = await eventTakingSignUps(mailing.app, staff, {
    questions: [{ id: 'diet', label: 'Dietary needs', kind: 'text' }],
  });
  expect(
    (await signUp(mailing.app, eventId, { name: 'Martha', email: EMAIL, answers: { diet: 'Martha eats no fish' } }))
      .status,
  ).toBe(201);
  const prayer = await visitor('/api/prayer-requests/', {
    text: 'Please pray for Martha Bethany and her mother.',
    name: 'Martha',
    email: REFUSING,
    visibility: 'wall',
    hear_back: true,
  });
  expect(prayer.status).toBe(201);
  // As the worker records a later refusal (email-consent.test.ts sends a real one), the server's words naming the address.
  await mailing.app.ctx.db.execute(
    sql`insert into email_suppressions (email, reason) values (${EMAIL}, ${`550 <${EMAIL}>: mailbox closed`})`,
  );
}

/** Every text, varchar and jsonb cell of every table, with where it is. */
async function cellsMentioning(needles: string[]): Promise<string[]> {
  const { rows: columns } = await mailing.app.ctx.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'ARRAY')`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const { rows } = await mailing.app.ctx.db.execute<{ hits: number }>(
        sql`select count(*)::int as hits from ${sql.identifier(table)}
            where position(${needle.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0`,
      );
      if (rows[0]!.hits > 0) found.push(`${table}.${column}: ${needle}`);
    }
  }
  return found;
}

describe('one person’s data', () => {
  it('gathers, exports and erases everything held about an address', async () => {
    await leaveTraces();

    const person = await call('GET', `/api/admin/people/?email=${encodeURIComponent(REFUSING)}`);
    expect(person.status).toBe(200);
    const record = person.body;
    expect(record.email).toBe(EMAIL);
    expect(record.names.sort()).toEqual(['marthe lazarus', 'martha bethany', 'martha'].sort());
    expect(record.contact_submissions).toHaveLength(1);
    expect(record.connect_submissions).toHaveLength(1);
    expect(record.giving_submissions).toHaveLength(1);
    expect(record.pledges).toEqual([expect.objectContaining({ total_pledge: '500.00', payment_amount: '125.00' })]);
    expect(record.gifts).toEqual([
      expect.objectContaining({
        amount: '62.50',
        method: 'standing_order',
        first_name: 'Martha',
        reference: 'BETHANY SO',
      }),
    ]);
    expect(record.gift_aid_declarations).toEqual([
      expect.objectContaining({ first_name: 'Marthe', last_name: 'Lazarus', source: 'giving', used_in_claim: false }),
      expect.objectContaining({ title: 'Mrs', postcode: 'N1 9GU', source: 'building_fund', used_in_claim: true }),
    ]);
    expect(record.newsletter).toMatchObject({ unsubscribed_at: null });
    expect(record.consents.map((consent: { source: string }) => consent.source)).toEqual(['newsletter']);
    expect(record.suppressions).toHaveLength(1);
    expect(record.deliveries.map((delivery: { subject: string }) => delivery.subject)).toEqual([
      'Harvest news',
      'Advent news',
    ]);
    expect(record.receipts.map((receipt: { kind: string }) => receipt.kind)).toEqual([
      'giving-receipt',
      'pledge-confirmation',
    ]);
    expect(record.questions).toEqual([expect.objectContaining({ text: 'When is the supper?', matched_by: 'name' })]);
    expect(record.registrations).toEqual([
      expect.objectContaining({
        name: 'Martha',
        party: 1,
        status: 'confirmed',
        answers: { diet: 'Martha eats no fish' },
      }),
    ]);
    expect(record.uploads).toEqual([expect.objectContaining({ uploader_name: 'Marthe Lazarus', matched_by: 'name' })]);
    expect(record.prayer_requests).toEqual([
      expect.objectContaining({
        text: 'Please pray for Martha Bethany and her mother.',
        name: 'Martha',
        hear_back: true,
      }),
    ]);

    const download = await fetch(`${mailing.app.url}/api/admin/people/export/?email=${encodeURIComponent(EMAIL)}`, {
      headers: staff.headers,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="person-martha.bethany@example.org.json"',
    );
    const exported = await download.json();
    expect(exported).toEqual({ ...record, exported_at: expect.any(String) });

    expect((await call('POST', '/api/admin/people/erase/', { email: 'not an address' })).body).toEqual({
      email: ['Enter a valid email address.'],
    });
    expect((await mailing.app.call('GET', `/api/admin/people/?email=${EMAIL}`)).status).toBe(401);
    const held = await cellsMentioning([EMAIL, ...NAMES]);
    // Staff's own changes (the gift recorded on the pledge, the campaigns sent) hold the person in the activity log.
    expect(held).toEqual(
      expect.arrayContaining([
        `activity_log.before: ${EMAIL}`,
        `activity_log.after: ${EMAIL}`,
        'activity_log.after: Martha',
      ]),
    );

    const erased = await call('POST', '/api/admin/people/erase/', { email: REFUSING });
    expect(erased.status).toBe(200);
    expect(erased.body.kept.map((kept: { what: string }) => kept.what)).toEqual([
      'building-fund pledges (amounts, currency, dates, status)',
      'building-fund gifts (amount, currency, date received, method)',
      'giving notices (kind of gift and date)',
      'Gift Aid declarations used in a claim (name, house and postcode)',
      'campaign deliveries (status only)',
      'questions and uploads matched by name (text and photos)',
      'event sign-ups (places, status, check-in)',
    ]);

    // Nothing of theirs is left in any column of any table but the one thing HMRC makes the church keep:
    // the declaration behind a claimed gift, with its name and home address and without the e-mail address.
    // The pledge's amounts and dates and the gift's kind and date hold neither the address nor a name.
    expect((await cellsMentioning([EMAIL, ...NAMES])).sort()).toEqual([
      'gift_aid_declarations.first_name: Martha',
      'gift_aid_declarations.last_name: Bethany',
    ]);
    const { rows: declarations } = await mailing.app.ctx.db.execute(
      sql`select email, first_name, last_name, house_name_or_number, postcode from gift_aid_declarations`,
    );
    expect(declarations).toEqual([
      { email: '', first_name: 'Martha', last_name: 'Bethany', house_name_or_number: '7', postcode: 'N1 9GU' },
    ]);
    const { rows } = await mailing.app.ctx.db.execute<{ total_pledge: string; payment_amount: string }>(
      sql`select total_pledge::text, payment_amount::text from building_fund_pledges`,
    );
    expect(rows).toEqual([{ total_pledge: '500.00', payment_amount: '125.00' }]);
    // The gift stays for Gift Aid and the fund's totals, with nobody's name on it.
    const { rows: keptGifts } = await mailing.app.ctx.db.execute(
      sql`select first_name, last_name, email, reference, amount::text, method from gifts`,
    );
    expect(keptGifts).toEqual([
      { first_name: '', last_name: '', email: '', reference: '', amount: '62.50', method: 'standing_order' },
    ]);
    expect(erased.body.kept).toContainEqual(
      expect.objectContaining({ count: 1, why: expect.stringContaining('kept for Gift Aid') }),
    );
    const again = await call('GET', `/api/admin/people/?email=${EMAIL}`);
    expect(again.body).toMatchObject({
      names: [],
      contact_submissions: [],
      pledges: [],
      gifts: [],
      consents: [],
      deliveries: [],
      gift_aid_declarations: [],
      prayer_requests: [],
    });
    // Mary's question is untouched.
    const { rows: questions } = await mailing.app.ctx.db.execute<{ name: string }>(
      sql`select name from qna_questions order by id`,
    );
    expect(questions.map((question) => question.name)).toEqual(['Anonymous', 'Mary']);
  });
});
