import { todayIn } from '@gather/contracts';
import { connectDatabase, type Database, type DatabaseHandle } from '@gather/server/platform/database/client';
import { buildingFundPledges, gifts, pledgeReminders } from '@gather/server/platform/database/schema/building-fund';
import { outbox } from '@gather/server/platform/database/schema/outbox';
import { claimDueReminders } from '@gather/server/features/building-fund/pledge-mail-repository';
import { enqueueJob } from '@gather/server/platform/jobs/outbox';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import type { TestSmtpServer } from '../../support/test-smtp.js';
import { shiftDay } from '../../support/calendar-days.js';

let mailing: MailingApp;
let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
/** Two more connections to the database, as two workers would have. */
let others: DatabaseHandle[] = [];
const extraWorkers: RunningWorkers[] = [];

beforeAll(async () => {
  mailing = await startMailingApp({ PUBLIC_URL: 'https://www.gatherchurch.example', CHURCH_NAME: 'Gather Church' });
  ({ app, smtp } = mailing);
  staff = await signInAsStaff(app);
  others = [connectDatabase(app.ctx.config.DATABASE_URL!), connectDatabase(app.ctx.config.DATABASE_URL!)];
});
afterAll(async () => {
  for (const worker of extraWorkers) await worker.close();
  for (const other of others) await other.close();
  await mailing?.close();
});

const today = () => todayIn('Europe/London');
const sweep = (db: Database = app.ctx.db) =>
  claimDueReminders(db, { today: today(), days: 7, timeZone: 'Europe/London' });

type PledgeInsert = typeof buildingFundPledges.$inferInsert;
let serial = 0;
/** A pledge made a month ago whose pay-by date is `payIn` days from today. */
async function addPledge(payIn: number, change: Partial<PledgeInsert> = {}) {
  serial += 1;
  const [row] = await app.ctx.db
    .insert(buildingFundPledges)
    .values({
      firstName: 'Florence',
      lastName: 'Nightingale',
      email: `donor${serial}@example.org`,
      totalPledge: '1000.00',
      paymentType: 'partial',
      paymentAmount: '100.00',
      payByDate: shiftDay(today(), payIn),
      paymentMethod: 'bank_transfer',
      createdAt: new Date(Date.now() - 30 * 86_400_000),
      ...change,
    })
    .returning();
  return row!;
}
const giveGifts = (pledgeId: number, amounts: string[]) =>
  app.ctx.db.insert(gifts).values(
    amounts.map((amount) => ({
      pledgeId,
      firstName: 'Florence',
      lastName: 'Nightingale',
      email: 'florence@example.org',
      amount,
      receivedOn: shiftDay(today(), -10),
      method: 'bank_transfer',
    })),
  );
/** The reminder jobs queued for these pledges (the outbox keeps earlier tests' jobs). */
const reminderJobs = async (...pledgeIds: number[]) => {
  const claims = await app.ctx.db.select().from(pledgeReminders).where(inArray(pledgeReminders.pledgeId, pledgeIds));
  const ids = new Set(claims.map((claim) => claim.id));
  return (await app.ctx.db.select().from(outbox)).filter((job) => {
    const payload = job.payload as { kind?: string; recordId?: number };
    return payload.kind === 'pledge-reminder' && ids.has(payload.recordId!);
  });
};
const reminderMail = (email: string, subject: RegExp) =>
  eventually(async () => smtp.to(email).find((mail) => subject.test(mail.subject)), `reminder to ${email}`);

beforeEach(async () => {
  await app.ctx.db.delete(buildingFundPledges);
  await app.ctx.db.delete(gifts);
});

describe('pledge reminders', () => {
  it('sends one reminder when two workers sweep at the same moment, with the pledge, gifts, balance and date', async () => {
    const pledge = await addPledge(3);
    await giveGifts(pledge.id, ['0.10', '0.20', '99.70', '150.00']);

    const claimed = await Promise.all(others.map((other) => sweep(other.db)));
    expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sweep()).toBe(0);

    const mail = await reminderMail(pledge.email, /to pay by/);
    expect(mail.subject).toBe(`Your building fund pledge: £750.00 to pay by ${longDay(pledge.payByDate)}`);
    expect(mail.text).toContain('Pledged: £1,000.00');
    expect(mail.text).toContain('Received so far: £250.00');
    expect(mail.text).toContain('Remaining: £750.00');
    expect(mail.text).toContain(`Pay by: ${longDay(pledge.payByDate)}`);
    expect(mail.text).not.toContain('Florence');
    expect(await reminderJobs(pledge.id)).toHaveLength(1);
    expect(smtp.countFor(pledge.email)).toBe(1);
  });

  it('sends it once when the worker stops after claiming it and another starts', async () => {
    const pledge = await addPledge(5);
    // This worker's start sweeps and claims the reminder; it stops at once, sent or not.
    const first = await runWorker(app.ctx);
    await first.close();
    expect(await app.ctx.db.select().from(pledgeReminders)).toHaveLength(1);
    extraWorkers.push(await runWorker(app.ctx));

    await reminderMail(pledge.email, /to pay by/);
    expect(await sweep()).toBe(0);
    expect(await app.ctx.db.select().from(pledgeReminders)).toHaveLength(1);
    expect(await reminderJobs(pledge.id)).toHaveLength(1);
    expect(smtp.countFor(pledge.email)).toBe(1);
  });

  it('reminds nobody whose reminders are off, whose balance is paid or whose pledge is completed', async () => {
    await addPledge(3, { remindersEnabled: false });
    await addPledge(-1, { remindersEnabled: false });
    const paid = await addPledge(3);
    await giveGifts(paid.id, [...Array.from({ length: 30 }, () => '33.33'), '0.10']);
    await addPledge(3, { paymentStatus: 'completed' });
    await addPledge(-1, { paymentStatus: 'completed' });
    // Not yet due: the window opens 7 days before; a pledge made inside it was just confirmed.
    await addPledge(8);
    await addPledge(3, { createdAt: new Date() });

    expect(await sweep()).toBe(0);
    expect(await app.ctx.db.select().from(pledgeReminders)).toHaveLength(0);
  });

  it('sends the overdue reminder once, the day after the pay-by date', async () => {
    await addPledge(0);
    const late = await addPledge(-1);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const [claim] = await app.ctx.db.select().from(pledgeReminders);
    expect(claim).toMatchObject({ pledgeId: late.id, kind: 'overdue', payByDate: late.payByDate });

    const mail = await reminderMail(late.email, /was due by/);
    expect(mail.subject).toBe(`Your building fund pledge: £1,000.00 was due by ${longDay(late.payByDate)}`);
    expect(mail.text).toContain('has passed and a balance remains');
  });

  it('stops reminders for the pledge from the link in the reminder, and only with its signature', async () => {
    const pledge = await addPledge(2);
    expect(await sweep()).toBe(1);
    const mail = await reminderMail(pledge.email, /to pay by/);
    const link = /https:\/\/www\.gatherchurch\.example(\/api\/building-fund\/reminders\/off\/\?\S+)/.exec(
      mail.text,
    )![1]!;
    expect(link).toContain(`pledge=${pledge.id}&token=`);
    // A mail program's own unsubscribe button posts to the same link (RFC 8058); the mail is no mailing list.
    expect(mail.header('list-unsubscribe')).toContain(`<https://www.gatherchurch.example${link}>`);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).not.toContain('mailing list');

    const forged = await app.call('GET', link.replace(`pledge=${pledge.id}`, `pledge=${pledge.id + 1}`));
    expect(forged.status).toBe(400);
    const remindersOn = async () =>
      (await app.ctx.db.select().from(buildingFundPledges).where(eq(buildingFundPledges.id, pledge.id)))[0]!
        .remindersEnabled;
    // Opening the link (as a mail scanner does, or a person) only asks; the page's button posts it back.
    const page = await app.call('GET', link);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Would you like us to stop sending reminders about this pledge?');
    expect(page.body).toContain('<form method="post"><button type="submit"');
    expect(await remindersOn()).toBe(true);
    const forgedPost = await fetch(app.url + link.replace('token=', 'token=x'), { method: 'POST' });
    expect(forgedPost.status).toBe(400);
    expect(await remindersOn()).toBe(true);
    const pressed = await fetch(app.url + link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('You will get no more reminders about this pledge.');
    expect(await remindersOn()).toBe(false);

    // A new pay-by date would be due again, but reminders are off.
    await app.ctx.db
      .update(buildingFundPledges)
      .set({ payByDate: sql`pay_by_date + 1` })
      .where(eq(buildingFundPledges.id, pledge.id));
    expect(await sweep()).toBe(0);
  });

  it('does not send a reminder claimed before the pledge was paid off', async () => {
    const pledge = await addPledge(3);
    // As a sweep would have claimed it just before staff recorded the last gift.
    const [claim] = await app.ctx.db
      .insert(pledgeReminders)
      .values({ pledgeId: pledge.id, kind: 'due-soon', payByDate: pledge.payByDate })
      .returning();
    await giveGifts(pledge.id, ['1000.00']);
    await enqueueJob(app.ctx.db, 'send-notification-email', { kind: 'pledge-reminder', recordId: claim!.id });
    const [job] = await app.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    const outcome = await eventually(async () => {
      const queued = await mailing.queue.getJob(`outbox-${job!.id}`);
      return queued?.finishedOn ? (queued.returnvalue as { sent: boolean; reason?: string }) : undefined;
    }, 'reminder job finished');
    expect(outcome).toEqual({ sent: false, reason: 'no longer due' });
    expect(smtp.countFor(pledge.email)).toBe(0);
  });

  it('lets staff switch a pledge’s reminders off and on', async () => {
    const pledge = await addPledge(4);
    const path = `/api/admin/building-fund-donations/${pledge.id}/reminders/`;
    expect((await app.call('PUT', path, { enabled: false })).status).toBe(401);
    expect((await app.call('PUT', path, { enabled: 'no' }, staff.headers)).body).toEqual({
      enabled: ['Must be true or false.'],
    });
    const off = await app.call('PUT', path, { enabled: false }, staff.headers);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: pledge.id, reminders_enabled: false });
    expect(await sweep()).toBe(0);

    const on = await app.call('PUT', path, { enabled: true }, staff.headers);
    expect(on.body.reminders_enabled).toBe(true);
    expect(await sweep()).toBe(1);
    expect(
      (await app.call('PUT', '/api/admin/building-fund-donations/999999/reminders/', { enabled: true }, staff.headers))
        .status,
    ).toBe(404);
  });
});

function longDay(day: string) {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
