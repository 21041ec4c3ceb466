import { todayIn, type Attention } from '@gather/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingFundPledges } from '@gather/server/platform/database/schema/building-fund';
import { collectionUploads, photoCollections } from '@gather/server/platform/database/schema/collections';
import { emailCampaigns } from '@gather/server/platform/database/schema/newsletters';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { connectSubmissions } from '@gather/server/platform/database/schema/connect';
import { contactSubmissions } from '@gather/server/platform/database/schema/contact';
import { givingSubmissions } from '@gather/server/platform/database/schema/giving';
import { startTestApp, type TestApp } from '../../support/app.js';
import { connectLive, type LiveClient, type StaffSocket } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

const ATTENTION = '/api/admin/attention/';

let app: TestApp;
let staff: Staff;
let watching: LiveClient<StaffSocket>;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
  watching = await connectLive<StaffSocket>(app, 'staff', {
    extraHeaders: { cookie: staff.headers.cookie!, origin: app.url },
  });
  expect(await watching.socket.emitWithAck('attention:join')).toEqual({ ok: true });
});
afterAll(async () => {
  watching?.close();
  await app?.close();
});

/** The church's date `days` from today (negative for the past). */
function churchDay(days: number): string {
  const day = new Date(`${todayIn(app.ctx.config.CHURCH_TIMEZONE)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const pledge = (payByDate: string, paymentStatus = 'pending') => ({
  firstName: 'Sam',
  lastName: 'Reid',
  email: 'sam@example.org',
  totalPledge: '100.00',
  paymentType: 'full',
  paymentAmount: '100.00',
  payByDate,
  paymentMethod: 'online',
  paymentStatus,
});

const campaign = (status: string, pausedReason: string | null = null) => ({
  subject: 'Advent',
  content: 'Hello',
  fromEmail: 'news@example.org',
  fromName: 'Church',
  total: 10,
  status,
  pausedReason,
});

const upload = (collectionId: string, approval: string) => ({
  collectionId,
  file: 'uploads/x.jpg',
  fileType: 'image',
  mimeType: 'image/jpeg',
  fileSize: 100,
  approval,
});

async function counts(as: Staff = staff): Promise<Attention> {
  const answer = await app.call('GET', ATTENTION, undefined, as.headers);
  expect(answer.status).toBe(200);
  return answer.body as Attention;
}

describe('what needs attention', () => {
  it('is for staff only', async () => {
    const answer = await app.call('GET', ATTENTION);
    expect(answer.status).toBe(401);
  });

  it('counts what waits of every kind, and nothing that is done', async () => {
    const db = app.ctx.db;
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600_000);
    await db.insert(contactSubmissions).values([
      { name: 'A', email: 'a@example.org', subject: 'Hi', message: 'One' },
      { name: 'B', email: 'b@example.org', subject: 'Hi', message: 'Two' },
      { name: 'C', email: 'c@example.org', subject: 'Hi', message: 'Read', isRead: true },
    ]);
    await db.insert(connectSubmissions).values([
      { firstName: 'D', lastName: 'E', email: 'd@example.org' },
      { firstName: 'F', lastName: 'G', email: 'f@example.org', isProcessed: true },
    ]);
    await db.insert(givingSubmissions).values([
      { name: 'New', email: 'n@example.org' },
      { name: 'Old', email: 'o@example.org', createdAt: tenDaysAgo },
    ]);
    await db
      .insert(buildingFundPledges)
      .values([
        pledge(churchDay(-3)),
        pledge(churchDay(-1), 'confirmed'),
        pledge(churchDay(-5), 'completed'),
        pledge(churchDay(0)),
        pledge(churchDay(6)),
        pledge(churchDay(2), 'completed'),
        pledge(churchDay(7)),
      ]);
    const [live, closed] = await db
      .insert(qnaSessions)
      .values([
        { title: 'Live', description: 'Open' },
        { title: 'Old', description: 'Closed', isActive: false },
      ])
      .returning();
    await db.insert(qnaQuestions).values([
      { sessionId: live!.id, text: 'New one', status: 'new' },
      { sessionId: live!.id, text: 'Held one', status: 'pending' },
      { sessionId: live!.id, text: 'Done', status: 'answered' },
      { sessionId: live!.id, text: 'Dismissed', status: 'dismissed' },
      { sessionId: closed!.id, text: 'Closed session', status: 'new' },
    ]);
    const [collection] = await db.insert(photoCollections).values({ name: 'Carols' }).returning();
    await db
      .insert(collectionUploads)
      .values([
        upload(collection!.id, 'pending'),
        upload(collection!.id, 'pending'),
        upload(collection!.id, 'pending'),
        upload(collection!.id, 'approved'),
        upload(collection!.id, 'rejected'),
      ]);
    await db
      .insert(emailCampaigns)
      .values([
        campaign('sent_with_failures'),
        campaign('paused', 'Most recent messages failed'),
        campaign('paused'),
        campaign('sent'),
      ]);

    expect(await counts()).toEqual({
      unread_contacts: 2,
      new_connect_cards: 1,
      new_giving: 1,
      pledges_overdue: 2,
      pledges_due_this_week: 2,
      questions_waiting: 2,
      uploads_waiting: 3,
      campaigns_with_failures: 2,
      prayer_requests_waiting: 0,
    });

    // Each person counts only what their roles let them see: a badge tells nobody of a donor's pledge.
    const pastoral = await signInAsStaff(app, { roles: ['pastoral', 'mail'] });
    expect(await counts(pastoral)).toEqual({
      unread_contacts: 2,
      new_connect_cards: 1,
      new_giving: 0,
      pledges_overdue: 0,
      pledges_due_this_week: 0,
      questions_waiting: 0,
      uploads_waiting: 0,
      campaigns_with_failures: 2,
      prayer_requests_waiting: 0,
    });
    const finance = await signInAsStaff(app, { roles: ['finance', 'live'] });
    expect(await counts(finance)).toEqual({
      unread_contacts: 0,
      new_connect_cards: 0,
      new_giving: 1,
      pledges_overdue: 2,
      pledges_due_this_week: 2,
      questions_waiting: 2,
      uploads_waiting: 3,
      campaigns_with_failures: 0,
      prayer_requests_waiting: 0,
    });
  });

  it("lists the same pledges behind the dashboard's overdue and due-this-week links", async () => {
    const listed = async (filter: string) =>
      (await app.call('GET', `/api/admin/building-fund-donations/?${filter}=true`, undefined, staff.headers)).body
        .count;
    const now = await counts();
    expect(await listed('overdue')).toBe(now.pledges_overdue);
    expect(await listed('due_this_week')).toBe(now.pledges_due_this_week);
  });

  it('changes, and staff are told at once, when a visitor sends a message and when staff read it', async () => {
    const before = (await counts()).unread_contacts;
    watching.received.length = 0;

    const sent = await app.call('POST', '/api/contact/', {
      name: 'Olaudah Equiano',
      email: 'olaudah@example.org',
      subject: 'Baptism',
      message: 'When is the next one?',
    });
    expect(sent.status).toBe(201);
    await watching.next('attention:changed');
    expect((await counts()).unread_contacts).toBe(before + 1);

    watching.received.length = 0;
    const inbox = await app.call('GET', '/api/admin/contact-submissions/?is_read=false', undefined, staff.headers);
    const message = inbox.body.results.find((row: { name: string }) => row.name === 'Olaudah Equiano');
    const read = await app.call(
      'POST',
      `/api/admin/contact-submissions/${message.id}/mark-read/`,
      undefined,
      staff.headers,
    );
    expect(read.status).toBe(200);
    await watching.next('attention:changed');
    expect((await counts()).unread_contacts).toBe(before);
  });

  it('tells staff when a visitor asks a question in a live session', async () => {
    const [session] = await app.ctx.db
      .insert(qnaSessions)
      .values({ title: 'Evening', description: 'Ask away' })
      .returning();
    const before = (await counts()).questions_waiting;
    watching.received.length = 0;
    const asked = await app.call('POST', `/api/qna/public/sessions/${session!.id}/submit/`, { text: 'Why?' });
    expect(asked.status).toBe(201);
    await watching.next('attention:changed');
    expect((await counts()).questions_waiting).toBe(before + 1);
  });
});
