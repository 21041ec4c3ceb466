import type { Queue } from 'bullmq';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { outbox } from '@gather/server/platform/database/schema/outbox';
import { enqueueJob } from '@gather/server/platform/jobs/outbox';
import type { TestApp } from '../../support/app.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import type { ReceivedMail, TestSmtpServer } from '../../support/test-smtp.js';
import { eventually } from '../../support/eventually.js';

let mailing: MailingApp;
let app: TestApp;
let smtp: TestSmtpServer;
let queue: Queue;

beforeAll(async () => {
  mailing = await startMailingApp({
    PUBLIC_URL: 'https://www.gatherchurch.example',
    CHURCH_NAME: 'Gather Church',
    CHURCH_EMAIL_DOMAIN: 'gatherchurch.org.uk',
  });
  ({ app, smtp, queue } = mailing);
});
afterAll(() => mailing?.close());

const mailTo = (address: string, subject: RegExp) =>
  eventually(async () => smtp.to(address).find((mail) => subject.test(mail.subject)), `mail to ${address}`);

/** The job's own outcome, for mail that is rightly never sent. */
async function outcomeOfLastJob() {
  const [last] = await app.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  return eventually(async () => {
    const job = await queue.getJob(`outbox-${last!.id}`);
    return job?.finishedOn ? (job.returnvalue as { sent: boolean; reason?: string }) : undefined;
  }, 'job finished');
}

function expectEscaped(mail: ReceivedMail) {
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
}

describe('notification e-mail', () => {
  it('tells the office about a contact message, escaped, with Reply-To the visitor', async () => {
    const answer = await app.call('POST', '/api/contact/', {
      name: 'Eve <script>alert("hi")</script>',
      email: 'eve@example.org',
      subject: 'Parking <b>question</b>',
      message: 'Is there parking?\n<script>alert("hi")</script>',
    });
    expect(answer.status).toBe(201);
    const mail = await mailTo('office@gatherchurch.org.uk', /^Contact form: /);
    expect(mail.envelopeTo).toEqual(['office@gatherchurch.org.uk']);
    expect(mail.subject).toBe('Contact form: Parking <b>question</b>');
    expect(mail.header('reply-to')).toContain('<eve@example.org>');
    expectEscaped(mail);
    expect(mail.html).toContain('Parking &lt;b&gt;question&lt;/b&gt;');
    expect(mail.html).toContain('Is there parking?<br>');
    expect(mail.text).toContain('Is there parking?\n> <script>alert("hi")</script>');
  });

  it('tells the office about a connect form, escaped, with Reply-To the visitor', async () => {
    const answer = await app.call('POST', '/api/connect/', {
      first_name: 'Tom',
      last_name: '<script>alert("hi")</script>',
      email: 'tom@example.org',
      interests: ["I'm new here", 'Volunteering'],
      message: 'Hello',
    });
    expect(answer.status).toBe(201);
    const mail = await mailTo('office@gatherchurch.org.uk', /^Connect form: /);
    expect(mail.header('reply-to')).toContain('<tom@example.org>');
    expectEscaped(mail);
    expect(mail.html).toContain('I&#39;m new here, Volunteering');
  });

  it('sends the giver a receipt without their words, and tells the office, escaped, with Reply-To the giver', async () => {
    const answer = await app.call('POST', '/api/give/', {
      name: 'Grace <script>alert("hi")</script>',
      email: 'grace@example.org',
      giving_type: 'tithe',
      message: 'For the roof',
    });
    expect(answer.status).toBe(201);
    const mail = await mailTo('grace@example.org', /^Thank you for your gift to Gather Church$/);
    expect(mail.envelopeTo).toEqual(['grace@example.org']);
    expect(mail.text).toContain('Gift: Tithe');
    expect(mail.text).not.toContain('For the roof');
    expect(mail.html).not.toContain('script');

    const notice = await mailTo('office@gatherchurch.org.uk', /^Giving form: /);
    expect(notice.header('reply-to')).toContain('<grace@example.org>');
    expectEscaped(notice);
    expect(notice.text).toContain('Gift: Tithe');
    expect(notice.text).toContain('For the roof');
  });

  it('confirms a pledge to the donor with its amounts and pay-by date, and follows one up', async () => {
    const answer = await app.call('POST', '/api/building-fund/', {
      first_name: 'Joseph',
      last_name: 'Mensah',
      email: 'joseph@example.org',
      currency: 'GBP',
      total_pledge: '1250',
      pay_by_date: '2099-03-12',
      payment_type: 'partial',
      payment_amount: '250.50',
      payment_method: 'bank_transfer',
      message: '<script>alert("hi")</script>',
    });
    expect(answer.status).toBe(201);
    const confirmation = await mailTo('joseph@example.org', /^Your building fund pledge to Gather Church$/);
    expect(confirmation.html).not.toContain('script');
    expect(confirmation.text).not.toContain('Joseph');
    expect(confirmation.text).toContain('Total pledge: £1,250.00');
    expect(confirmation.text).toContain('Amount to pay now: £250.50');
    expect(confirmation.text).toContain('Remaining balance: £999.50');
    expect(confirmation.text).toContain('Pay by: 12 March 2099');
    expect(confirmation.text).toContain('Payment method: Bank transfer');

    const [pledge] = await app.ctx.db
      .insert(buildingFundPledges)
      .values({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        totalPledge: '500.00',
        currency: 'USD',
        paymentType: 'partial',
        paymentAmount: '100.00',
        payByDate: '2099-01-05',
        paymentMethod: 'online',
      })
      .returning();
    await enqueueJob(app.ctx.db, 'send-notification-email', { kind: 'pledge-follow-up', recordId: pledge!.id });
    const followUp = await mailTo('ada@example.org', /^Your building fund pledge: /);
    expect(followUp.subject).toBe('Your building fund pledge: $400.00 to pay by 5 January 2099');
    expect(followUp.text).toContain('Remaining balance: $400.00');
    expect(followUp.text).toContain('Pay by: 5 January 2099');
  });

  it('sends nothing, quietly, for a record deleted before its mail went out', async () => {
    const before = smtp.received.length;
    await enqueueJob(app.ctx.db, 'send-notification-email', { kind: 'contact-notification', recordId: 987_654 });
    expect(await outcomeOfLastJob()).toEqual({ sent: false, reason: 'record deleted' });
    expect(smtp.received.length).toBe(before);
  });
});
