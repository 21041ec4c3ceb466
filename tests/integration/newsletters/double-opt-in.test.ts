import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@gather/server/platform/database/schema/outbox';
import { emailConsents } from '@gather/server/platform/database/schema/newsletters';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { eventually } from '../../support/eventually.js';

const PUBLIC_URL = 'https://www.gatherchurch.example';
let mailing: MailingApp;
let staff: Staff;

beforeAll(async () => {
  mailing = await startMailingApp({ PUBLIC_URL, CHURCH_NAME: 'Gather Church', EMAIL_RATE_PER_SECOND: '1000' });
  staff = await signInAsStaff(mailing.app);
});
afterAll(() => mailing?.close());

const app = () => mailing.app;
const staffCall = (method: string, path: string, body?: unknown) => app().call(method, path, body, staff.headers);
const mailsTo = (email: string, subject: RegExp) => mailing.smtp.to(email).filter((mail) => subject.test(mail.subject));
const confirmationMail = (email: string) =>
  eventually(async () => mailsTo(email, /^Please confirm/)[0], `confirmation mail to ${email}`);
const confirmLink = (text: string) =>
  new RegExp(`${PUBLIC_URL}(/api/newsletter/confirm/\\?consent=\\d+&token=[\\w-]+)`).exec(text)![1]!;
const press = (link: string) => fetch(app().url + link, { method: 'POST' });

/** The confirmation mails queued for an address's consents (the outbox keeps every job, sent or not). */
async function confirmationsQueued(email: string): Promise<number> {
  const rows = await app().ctx.db.execute<{ count: number }>(sql`
    select count(*)::int as count from ${outbox} job
    join ${emailConsents} consent on consent.id = (job.payload ->> 'recordId')::int
    where job.payload ->> 'kind' = 'newsletter-confirmation' and consent.email = ${email}`);
  return rows.rows[0]!.count;
}

async function newsletterReaches(email: string, subject: string): Promise<boolean> {
  const sent = await staffCall('POST', '/api/admin/email/send/', {
    recipients: [{ email, name: '' }],
    subject,
    content: 'News from the church.',
  });
  expect(sent.status).toBe(202);
  const done = await eventually(async () => {
    const answer = await staffCall('GET', `/api/admin/email/campaigns/${sent.body.id}/`);
    return !['sending', 'scheduled', 'draft'].includes(answer.body.status) && answer.body;
  }, 'campaign finished');
  return done.sent === 1;
}

const exported = async (email: string) =>
  (await staffCall('GET', `/api/admin/people/export/?email=${encodeURIComponent(email)}`)).body.consents;

describe('double opt-in', () => {
  it('sends no newsletter to a new sign-up until its owner presses Confirm in the one mail asking', async () => {
    const email = 'naomi@example.org';
    expect((await app().call('POST', '/api/newsletter/subscribe/', { email: 'Naomi@Example.org' })).status).toBe(201);
    const asking = await confirmationMail(email);
    expect(asking.subject).toBe('Please confirm: the Gather Church newsletter');
    expect(asking.text).toContain('We will only send it once you confirm:');
    // Not a mailing-list message: nothing to unsubscribe from yet, and no welcome before the Confirm.
    expect(asking.header('list-unsubscribe')).toBeUndefined();
    expect(mailsTo(email, /^Welcome/)).toHaveLength(0);
    expect(await exported(email)).toEqual([
      expect.objectContaining({ source: 'newsletter', status: 'pending', confirmed_at: null }),
    ]);
    expect(await newsletterReaches(email, 'Before confirming')).toBe(false);

    // A mail scanner opens the link: the page only asks.
    const link = confirmLink(asking.text);
    const page = await app().call('GET', link);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Press Confirm to start receiving the Gather Church newsletter.');
    expect(page.body).toContain('<form method="post"><button type="submit"');
    expect((await exported(email))[0].status).toBe('pending');

    const forged = await press(link.replace(/token=[\w-]+/, 'token=forged'));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This confirmation link is not valid.');
    expect((await exported(email))[0].status).toBe('pending');

    const pressed = await press(link);
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('Thank you: the Gather Church newsletter will come to you by e-mail.');
    const [consent] = await exported(email);
    expect(consent).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String), withdrawn_at: null });
    expect(Date.parse(consent.confirmed_at)).toBeGreaterThanOrEqual(Date.parse(consent.given_at));
    const welcome = await eventually(
      async () => mailsTo(email, /^Welcome to the Gather Church newsletter$/)[0],
      'welcome',
    );
    expect(welcome.header('list-unsubscribe')).toMatch(/newsletter\/unsubscribe\/\?email=naomi%40example\.org&token=/);
    expect(welcome.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await newsletterReaches(email, 'After confirming')).toBe(true);

    // Pressing again is harmless; a confirmed address that signs up again gets no new mail.
    expect((await press(link)).status).toBe(200);
    await app().call('POST', '/api/newsletter/subscribe/', { email });
    await app().call('POST', '/api/contact/', {
      name: 'Naomi',
      email,
      subject: 'Hi',
      message: 'Hello',
      newsletter_consent: true,
    });
    expect(await confirmationsQueued(email)).toBe(1);
  });

  it('asks once for consent given on any form, however often the box is ticked before the Confirm', async () => {
    const email = 'ruth.moab@example.org';
    const connect = { first_name: 'Ruth', last_name: 'Moab', email, newsletter_consent: true };
    expect((await app().call('POST', '/api/connect/', connect)).status).toBe(201);
    expect((await app().call('POST', '/api/connect/', connect)).status).toBe(201);
    await confirmationMail(email);
    expect(await confirmationsQueued(email)).toBe(1);
    expect(await exported(email)).toEqual([expect.objectContaining({ source: 'connect', status: 'pending' })]);
  });

  it('cannot confirm a consent withdrawn since: the link then says so', async () => {
    const email = 'orpah@example.org';
    await app().call('POST', '/api/newsletter/subscribe/', { email });
    const link = confirmLink((await confirmationMail(email)).text);
    await app().ctx.db.execute(sql`update ${emailConsents} set withdrawn_at = now() where email = ${email}`);
    const late = await press(link);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('This link is no longer valid');
    expect((await exported(email))[0]).toMatchObject({ status: 'pending', withdrawn_at: expect.any(String) });
  });
});
