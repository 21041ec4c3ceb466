import { buildingFundPledges, giftAidDeclarations, gifts } from '@gather/server/platform/database/schema/building-fund';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import type { TestSmtpServer } from '../../support/test-smtp.js';

let mailing: MailingApp;
let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;

beforeAll(async () => {
  mailing = await startMailingApp({ CHURCH_NAME: 'Gather Church' });
  ({ app, smtp } = mailing);
  staff = await signInAsStaff(app);
});
afterAll(() => mailing?.close());

const send = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);

async function addPledge(email: string, totalPledge: string) {
  const [row] = await app.ctx.db
    .insert(buildingFundPledges)
    .values({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      totalPledge,
      paymentType: 'partial',
      paymentAmount: '0.00',
      payByDate: '2027-03-31',
      paymentMethod: 'bank_transfer',
    })
    .returning();
  return row!;
}
const giveGift = (email: string, amount: string, receivedOn: string, pledgeId: number | null = null) =>
  app.ctx.db
    .insert(gifts)
    .values({ pledgeId, firstName: 'Ada', lastName: 'Lovelace', email, amount, receivedOn, method: 'bank_transfer' });
const declare = (email: string, declaredOn: string, cancelled = false) =>
  app.ctx.db.insert(giftAidDeclarations).values({
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    houseNameOrNumber: '12',
    postcode: 'N1 9GU',
    declaredOn,
    source: 'building_fund',
    cancelledAt: cancelled ? new Date() : null,
  });
const statementTo = (email: string) =>
  eventually(
    async () => smtp.to(email).find((mail) => /building fund statement/.test(mail.subject)),
    `statement to ${email}`,
  );

describe('pledge statements', () => {
  it('sends a donor the statement of a pledge: pledged, each gift with its date, remaining and Gift Aid, exactly', async () => {
    const pledge = await addPledge('ada@example.org', '1000.00');
    for (let i = 0; i < 30; i += 1) await giveGift('ada@example.org', '0.10', '2026-01-05', pledge.id);
    await giveGift('ada@example.org', '250.00', '2026-02-12', pledge.id);
    await declare('ada@example.org', '2025-05-01');

    expect((await app.call('POST', `/api/admin/building-fund-donations/${pledge.id}/statement/`)).status).toBe(401);
    const answer = await send('POST', `/api/admin/building-fund-donations/${pledge.id}/statement/`);
    expect(answer.status).toBe(202);

    const mail = await statementTo('ada@example.org');
    expect(mail.subject).toBe('Your Gather Church building fund statement');
    expect(mail.text).toContain('Pledged: £1,000.00');
    expect(mail.text).toContain('Received so far: £253.00');
    expect(mail.text).toContain('Remaining: £747.00');
    expect(mail.text.match(/5 January 2026: £0\.10/g)).toHaveLength(30);
    expect(mail.text).toContain('12 February 2026: £250.00');
    expect(mail.text).toContain('Gift Aid: Gift Aid declaration on file since 1 May 2025');
    expect(mail.text).not.toContain('Ada');
  });

  it('says so when there is no Gift Aid declaration in force, and refuses an unknown pledge', async () => {
    const pledge = await addPledge('grace@example.org', '500.00');
    await declare('grace@example.org', '2025-06-01', true);
    await send('POST', `/api/admin/building-fund-donations/${pledge.id}/statement/`);
    const mail = await statementTo('grace@example.org');
    expect(mail.text).toContain('Received so far: £0.00');
    expect(mail.text).toContain('Remaining: £500.00');
    expect(mail.text).toContain('Gifts received: none yet');
    expect(mail.text).toContain('Gift Aid: No Gift Aid declaration');
    expect((await send('POST', '/api/admin/building-fund-donations/999999/statement/')).status).toBe(404);
  });

  it("sends a tax year's statements as one campaign to exactly the donors with gifts in that year", async () => {
    const pledge = await addPledge('mary@example.org', '300.00');
    await giveGift('mary@example.org', '100.00', '2025-04-06', pledge.id);
    await giveGift('mary@example.org', '50.00', '2024-12-01', pledge.id);
    await giveGift('Rosalind@Example.org', '20.00', '2026-04-05');
    await giveGift('before@example.org', '10.00', '2025-04-05');
    await giveGift('after@example.org', '10.00', '2026-04-06');
    await giveGift('', '5.00', '2025-10-10');
    await declare('rosalind@example.org', '2024-01-10');

    expect((await send('POST', '/api/admin/building-fund/statements/', { tax_year: '2025-27' })).body).toEqual({
      tax_year: ['The years must follow each other, as in 2025–26.'],
    });
    const answer = await send('POST', '/api/admin/building-fund/statements/', { tax_year: '2025–26' });
    expect(answer.status).toBe(202);
    // Ada's gifts of January and February 2026 (the first test) fall in this year too.
    expect(answer.body).toMatchObject({ recipients: 3 });

    const mary = await statementTo('mary@example.org');
    expect(mary.subject).toBe('Your Gather Church building fund statement for 2025–26');
    expect(mary.text).toContain('Gifts received in the tax year 2025–26:\n6 April 2025: £100.00');
    expect(mary.text).not.toContain('1 December 2024');
    expect(mary.text).toContain('Pledged: £300.00');
    expect(mary.text).toContain('Received so far: £150.00');
    expect(mary.text).toContain('Remaining: £150.00');
    expect(mary.text).toContain('Gift Aid: No Gift Aid declaration');
    const rosalind = await statementTo('rosalind@example.org');
    expect(rosalind.text).toContain('5 April 2026: £20.00');
    expect(rosalind.text).toContain('Gift Aid: Gift Aid declaration on file since 10 January 2024');
    expect(rosalind.text).not.toContain('£100.00');

    const campaign = await eventually(async () => {
      const found = await send('GET', `/api/admin/email/campaigns/${answer.body.campaign_id}/`);
      return found.body.status === 'sent' && found.body;
    }, 'campaign sent');
    expect(campaign).toMatchObject({ kind: 'service', total: 3, sent: 3 });
    expect(campaign.recipients.map((recipient: { email: string }) => recipient.email).sort()).toEqual([
      'ada@example.org',
      'mary@example.org',
      'rosalind@example.org',
    ]);
    expect(smtp.countFor('before@example.org') + smtp.countFor('after@example.org')).toBe(0);
  });
});
