import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries, newsletterSubscribers } from '@gather/server/platform/database/schema/newsletters';
import { runWorker } from '@gather/server/worker/run';
import type { RunningWorkers } from '@gather/server/platform/jobs/workers';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { startTestSmtp, type ReceivedMail, type TestSmtpServer } from '../../support/test-smtp.js';
import { eventually } from '../../support/eventually.js';
import { subscribeConfirmed } from '../../support/campaigns.js';

const PUBLIC_URL = 'https://www.gatherchurch.example';

let app: TestApp;
let smtp: TestSmtpServer;
let staff: Staff;
let worker: RunningWorkers;

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    WORKER_QUEUES: 'email',
    EMAIL_RATE_PER_SECOND: '1000',
    CHURCH_NAME: 'Gather Church',
  });
  staff = await signInAsStaff(app);
  worker = await runWorker(app.ctx);
});
afterAll(async () => {
  await worker?.close();
  await app?.close();
  await smtp?.close();
});

const send = (body: unknown) => app.call('POST', '/api/admin/email/send/', body, staff.headers);
const campaign = (id: number) => app.call('GET', `/api/admin/email/campaigns/${id}/`, undefined, staff.headers);

async function finished(id: number) {
  return eventually(async () => {
    const answer = await campaign(id);
    return answer.body.status !== 'sending' && answer.body;
  }, `campaign ${id} finished`);
}

/** The link in a message, made to point at the test app instead of the public site. */
function unsubscribePath(mail: ReceivedMail): string {
  const url = /<(https:[^>]+)>/.exec(mail.header('list-unsubscribe') ?? '')?.[1];
  expect(url).toBeDefined();
  expect(url!.startsWith(`${PUBLIC_URL}/api/newsletter/unsubscribe/?`)).toBe(true);
  return url!.slice(PUBLIC_URL.length);
}

describe('bulk e-mail', () => {
  it('sends one personal message to each recipient, with unsubscribe headers for a subscriber', async () => {
    // A newsletter goes only to addresses that agreed to it: all three subscribed and confirmed.
    for (const email of ['ruth@example.org', 'samuel@example.org', 'miriam@example.org']) {
      await subscribeConfirmed(app, email);
    }

    const answer = await send({
      recipients: [
        { email: 'ruth@example.org', name: 'Ruth Okafor' },
        { email: 'samuel@example.org', name: 'Samuel <b>Park</b>' },
        { email: 'miriam@example.org', name: '' },
      ],
      subject: 'Harvest supper on Saturday',
      content: 'Join us at <b>6pm</b> in the hall.\nBring a friend! <script>alert(1)</script>',
      from_email: '',
      from_name: '',
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ id: expect.any(Number), status: 'sending', total: 3 });

    const done = await finished(answer.body.id);
    expect(done).toMatchObject({ status: 'sent', total: 3, sent: 3, failed: 0, pending: 0, skipped: 0 });
    expect(done.from_email).toBe('no-reply@gatherchurch.org.uk');
    expect(done.from_name).toBe('Gather Church');

    const harvest = (address: string) =>
      smtp.to(address).filter((mail) => mail.subject === 'Harvest supper on Saturday');
    for (const address of ['ruth@example.org', 'samuel@example.org', 'miriam@example.org']) {
      const messages = harvest(address);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.envelopeTo).toEqual([address]);
      expect(messages[0]!.to).toContain(address);
      expect(messages[0]!.to.match(/@/g)).toHaveLength(1);
      expect(messages[0]!.header('from')).toBe('Gather Church <no-reply@gatherchurch.org.uk>');
    }

    const ruth = harvest('ruth@example.org')[0]!;
    expect(ruth.text).toContain('Dear Ruth Okafor,');
    expect(ruth.html).toContain('Dear Ruth Okafor,');
    expect(ruth.html).toContain('Join us at <b>6pm</b> in the hall.<br>');
    expect(ruth.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(ruth.html).not.toContain('<script>');
    expect(ruth.text).toContain('Join us at 6pm in the hall.\nBring a friend! <script>alert(1)</script>');
    expect(ruth.headerCount('list-unsubscribe')).toBe(1);
    expect(ruth.header('list-unsubscribe')).toMatch(
      /^<https:\/\/www\.gatherchurch\.example\/api\/newsletter\/unsubscribe\/\?email=ruth%40example\.org&token=[\w-]+>, <mailto:office@gatherchurch\.org\.uk\?subject=[^>]+>$/,
    );
    expect(ruth.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(ruth.html).toContain(`href="${PUBLIC_URL}/api/newsletter/unsubscribe/?email=ruth%40example.org&amp;token=`);

    const samuel = harvest('samuel@example.org')[0]!;
    expect(samuel.html).toContain('Dear Samuel &lt;b&gt;Park&lt;/b&gt;,');
    expect(harvest('miriam@example.org')[0]!.text).toContain('Dear friend,');

    const rows = await app.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, answer.body.id));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.every((row) => row.messageId && row.sentAt && row.attempts === 1)).toBe(true);
  });

  it('puts each name where the content says {name}', async () => {
    const answer = await send({
      recipients: [{ email: 'naomi@example.org', name: 'Naomi' }],
      subject: 'A note for {name}',
      content: 'Hello {name}, see you Sunday.',
      kind: 'service',
    });
    await finished(answer.body.id);
    const [mail] = smtp.to('naomi@example.org');
    expect(mail!.text).toContain('Hello Naomi, see you Sunday.');
    expect(mail!.text).not.toContain('Dear');
  });

  it('sends once to an address listed twice in different letter case, and skips one that unsubscribed', async () => {
    await app.ctx.db.insert(newsletterSubscribers).values({ email: 'Left@Example.org', unsubscribedAt: new Date() });
    await subscribeConfirmed(app, 'twice@example.org');
    const answer = await send({
      recipients: [
        { email: 'Twice@Example.org', name: 'Twice' },
        { email: 'twice@example.org', name: 'Twice again' },
        { email: 'left@example.org', name: 'Gone' },
      ],
      subject: 'Duplicates',
      content: 'Once only.',
    });
    expect(answer.status).toBe(202);
    expect(answer.body.total).toBe(2);
    const done = await finished(answer.body.id);
    expect(done).toMatchObject({ status: 'sent', total: 2, sent: 1, skipped: 1, pending: 0 });
    expect(smtp.to('twice@example.org').filter((mail) => mail.subject === 'Duplicates')).toHaveLength(1);
    expect(smtp.countFor('left@example.org')).toBe(0);
  });

  it('asks on the link page (GET), unsubscribes only when posted (its button or one-click), refuses a bad token', async () => {
    for (const email of ['gloria@example.org', 'oneclick@example.org']) {
      await subscribeConfirmed(app, email);
    }
    const answer = await send({
      recipients: [{ email: 'gloria@example.org' }, { email: 'oneclick@example.org' }],
      subject: 'Newsletter',
      content: 'News.',
    });
    await finished(answer.body.id);
    const [gloria] = smtp.to('gloria@example.org').filter((mail) => mail.subject === 'Newsletter');
    const [oneClick] = smtp.to('oneclick@example.org').filter((mail) => mail.subject === 'Newsletter');

    const leftAt = async (email: string) =>
      (await app.ctx.db.select().from(newsletterSubscribers)).find((row) => row.email === email)?.unsubscribedAt;

    // Opening the link (as a mail scanner does, or a person) only asks; the page's button posts it back.
    const page = await app.call('GET', unsubscribePath(gloria!));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('Would you like to stop receiving the Gather Church newsletter at gloria@example.org?');
    expect(page.body).toContain('<form method="post"><button type="submit"');
    expect(await leftAt('gloria@example.org')).toBeNull();
    const pressed = await fetch(app.url + unsubscribePath(gloria!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('You have been unsubscribed from the Gather Church newsletter.');

    const post = await fetch(app.url + unsubscribePath(oneClick!), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);

    const subscribers = await app.ctx.db.select().from(newsletterSubscribers);
    const left = (email: string) => subscribers.find((row) => row.email === email)?.unsubscribedAt;
    expect(left('gloria@example.org')).toBeInstanceOf(Date);
    expect(left('oneclick@example.org')).toBeInstanceOf(Date);

    const forged = await app.call('GET', '/api/newsletter/unsubscribe/?email=ruth%40example.org&token=forged');
    expect(forged.status).toBe(400);
    const forgedPost = await fetch(`${app.url}/api/newsletter/unsubscribe/?email=ruth%40example.org&token=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forgedPost.status).toBe(400);
    expect(left('ruth@example.org')).toBeNull();

    const later = await send({
      recipients: [{ email: 'gloria@example.org' }, { email: 'ruth@example.org' }],
      subject: 'After leaving',
      content: 'More news.',
    });
    expect(await finished(later.body.id)).toMatchObject({ sent: 1, skipped: 1 });
    expect(smtp.to('gloria@example.org').filter((mail) => mail.subject === 'After leaving')).toHaveLength(0);
  });

  it('refuses a sender outside the church domain and bad input with the messages the form shows', async () => {
    const base = { recipients: [{ email: 'a@example.org' }], subject: 'Hi', content: 'Hello' };
    expect((await send({ ...base, from_email: 'pastor@gmail.com' })).body).toEqual({
      from_email: ['Email must be from @gatherchurch.org.uk domain'],
    });
    expect((await send({ ...base, from_email: 'not an address' })).body).toEqual({
      from_email: ['Please enter a valid email address'],
    });
    expect((await send({ ...base, subject: '  ' })).body).toEqual({
      subject: ['Please fill in both subject and content'],
    });
    expect((await send({ ...base, content: '' })).body).toEqual({
      content: ['Please fill in both subject and content'],
    });
    expect((await send({ ...base, recipients: [] })).body).toEqual({
      recipients: ['Please select at least one recipient'],
    });
    const invalid = await send({
      ...base,
      recipients: [{ email: 'good@example.org' }, { email: 'bad@' }, { email: 'x' }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ recipients: ['Please enter a valid email address: bad@, x'] });
    const tooMany = Array.from({ length: 20_001 }, (_, index) => ({ email: `p${index}@e.org` }));
    expect((await send({ ...base, recipients: tooMany })).body.recipients).toEqual([
      'A message can go to at most 20,000 recipients.',
    ]);
    expect((await send({ ...base, subject: 's'.repeat(201) })).body.subject).toHaveLength(1);
    expect((await send({ ...base, content: 'c'.repeat(100 * 1024 + 1) })).body).toEqual({
      content: ['Ensure the content is no larger than 100 KB.'],
    });

    const custom = await send({
      ...base,
      from_email: 'Pastor@GatherChurch.org.uk',
      from_name: 'Pastor John',
      kind: 'service',
    });
    expect(custom.status).toBe(202);
    const done = await finished(custom.body.id);
    expect(done).toMatchObject({
      from_email: 'pastor@gatherchurch.org.uk',
      from_name: 'Pastor John',
      created_by: staff.username,
    });
    expect(smtp.to('a@example.org')[0]!.header('from')).toBe('Pastor John <pastor@gatherchurch.org.uk>');
  });

  it('cancels a campaign still sending: its waiting deliveries are never sent', async () => {
    await Promise.all(worker.workers.map((running) => running.pause()));
    const recipients = Array.from({ length: 5 }, (_, index) => ({ email: `cancel${index}@example.org` }));
    const answer = await send({ recipients, subject: 'Cancelled', content: 'Never mind.', kind: 'service' });
    const cancelled = await app.call('POST', `/api/admin/email/campaigns/${answer.body.id}/cancel/`, {}, staff.headers);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelled: 5, pending: 0, sent: 0 });
    expect(cancelled.body.cancelled_at).toEqual(expect.any(String));
    const again = await app.call('POST', `/api/admin/email/campaigns/${answer.body.id}/cancel/`, {}, staff.headers);
    expect(again.status).toBe(409);
    worker.workers.forEach((running) => running.resume());

    const after = await send({
      recipients: [{ email: 'after-cancel@example.org' }],
      subject: 'After',
      content: 'x',
      kind: 'service',
    });
    await finished(after.body.id);
    const queue = new Queue('email', { connection: app.ctx.redis.duplicate(), prefix: app.ctx.config.QUEUE_PREFIX });
    await eventually(async () => {
      const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((count) => count === 0);
    }, 'email queue drained');
    await queue.close();
    const rows = await app.ctx.db.select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, answer.body.id));
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('cancelled'));
    expect(smtp.received.filter((mail) => mail.subject === 'Cancelled')).toHaveLength(0);
    expect((await campaign(answer.body.id)).body.status).toBe('cancelled');
  });

  it('lists campaigns newest first with their counts, and answers 404 for an unknown one', async () => {
    const list = await app.call('GET', '/api/admin/email/campaigns/?page_size=100', undefined, staff.headers);
    expect(list.status).toBe(200);
    const subjects = list.body.results.map((row: { subject: string }) => row.subject);
    expect(subjects.indexOf('After')).toBeLessThan(subjects.indexOf('Harvest supper on Saturday'));
    expect(list.body.results.find((row: { subject: string }) => row.subject === 'Duplicates')).toMatchObject({
      total: 2,
      sent: 1,
      skipped: 1,
      failed: 0,
      pending: 0,
      cancelled: 0,
    });
    expect((await campaign(999_999)).status).toBe(404);
    expect((await app.call('GET', '/api/admin/email/campaigns/nope/', undefined, staff.headers)).status).toBe(404);
    expect((await app.call('GET', '/api/admin/email/campaigns/')).status).toBe(401);
  });
});
