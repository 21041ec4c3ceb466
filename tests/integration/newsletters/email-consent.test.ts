import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';
import { eventually } from '../../support/eventually.js';
import { startTestSmtp, type TestSmtpServer } from '../../support/test-smtp.js';

const PUBLIC_URL = 'https://www.gatherchurch.example';
const REFUSED = 'nobody@refused.example';

let mailing: MailingApp;
let staff: Staff;
let smtp: TestSmtpServer;

beforeAll(async () => {
  // The site's own SMTP server refuses one address with a 550, as a real one does for a mailbox that does not exist.
  smtp = await startTestSmtp({ rejectRecipient: (address) => (address === REFUSED ? 'No such mailbox' : undefined) });
  mailing = await startMailingApp({ SMTP_URL: smtp.url, PUBLIC_URL, EMAIL_RATE_PER_SECOND: '1000' });
  staff = await signInAsStaff(mailing.app);
});
afterAll(async () => {
  await mailing?.close();
  await smtp?.close();
});

const call = (method: string, path: string, body?: unknown) => mailing.app.call(method, path, body, staff.headers);
const send = (recipients: string[], subject: string, kind?: 'newsletter' | 'service') =>
  call('POST', '/api/admin/email/send/', {
    recipients: recipients.map((email) => ({ email, name: '' })),
    subject,
    content: 'News from the church.',
    ...(kind ? { kind } : {}),
  });
const finished = (id: number) =>
  eventually(async () => {
    const answer = await call('GET', `/api/admin/email/campaigns/${id}/`);
    return !['sending', 'scheduled', 'draft'].includes(answer.body.status) && answer.body;
  }, `campaign ${id} finished`);
const reached = (address: string, subject: string) =>
  smtp.to(address).filter((mail) => mail.subject === subject).length;
const consentOf = async (email: string) => {
  const answer = await call('GET', '/api/admin/email/recipients/');
  return answer.body.recipients.find((recipient: { email: string }) => recipient.email === email)?.consent;
};

/** The owner of the address presses Confirm in the `nth` mail asking them to (double opt-in). */
async function confirmFromMail(email: string, nth = 1) {
  const asking = await eventually(
    async () => smtp.to(email).filter((mail) => mail.subject.startsWith('Please confirm'))[nth - 1],
    `confirmation mail ${nth} to ${email}`,
  );
  const link = new RegExp(`${PUBLIC_URL}(/api/newsletter/confirm/\\?\\S+)`).exec(asking.text)![1]!;
  const pressed = await fetch(mailing.app.url + link, { method: 'POST' });
  expect(pressed.status).toBe(200);
}

const pledgeForm = (email: string, consent?: boolean) => ({
  first_name: 'Lydia',
  last_name: 'Purple',
  email,
  currency: 'GBP',
  total_pledge: 100,
  pay_by_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  payment_type: 'full',
  payment_method: 'online',
  ...(consent === undefined ? {} : { newsletter_consent: consent }),
});

describe('consent to the newsletter', () => {
  it('is given by ticking the box on each form, never by leaving it unticked, and the recipients call reports it', async () => {
    const forms: Array<[string, (email: string, consent?: boolean) => unknown]> = [
      [
        '/api/contact/',
        (email, consent) => ({ name: 'Ann', email, subject: 'Hi', message: 'Hello', newsletter_consent: consent }),
      ],
      [
        '/api/connect/',
        (email, consent) => ({ first_name: 'Ann', last_name: 'Lee', email, newsletter_consent: consent }),
      ],
      ['/api/give/', (email, consent) => ({ name: 'Ann', email, newsletter_consent: consent })],
      ['/api/building-fund/', pledgeForm],
    ];
    for (const [path, form] of forms) {
      const name = path.split('/')[2];
      const yes = await mailing.app.call('POST', path, form(`yes-${name}@example.org`, true));
      const no = await mailing.app.call('POST', path, form(`no-${name}@example.org`));
      expect([yes.status, no.status]).toEqual([201, 201]);
      // Pending until the address's owner confirms from the mail (double opt-in).
      expect(await consentOf(`yes-${name}@example.org`)).toBe(false);
      await confirmFromMail(`yes-${name}@example.org`);
      expect(await consentOf(`yes-${name}@example.org`)).toBe(true);
      expect(await consentOf(`no-${name}@example.org`)).toBe(false);
    }
    const bad = await mailing.app.call('POST', '/api/contact/', {
      name: 'Ann',
      email: 'ann@example.org',
      subject: 'Hi',
      message: 'Hello',
      newsletter_consent: 'yes please',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ newsletter_consent: ['Must be true or false.'] });
  });

  it('sends a newsletter only to addresses that agreed, a service message to all, and unsubscribing withdraws it', async () => {
    await mailing.app.call('POST', '/api/contact/', {
      name: 'Agreed',
      email: 'agreed@example.org',
      subject: 'Hi',
      message: 'Hello',
      newsletter_consent: true,
    });
    await confirmFromMail('agreed@example.org');
    await mailing.app.call('POST', '/api/building-fund/', pledgeForm('pledged@example.org'));
    const everyone = ['agreed@example.org', 'pledged@example.org'];

    const newsletter = await send(everyone, 'Parish newsletter');
    expect(await finished(newsletter.body.id)).toMatchObject({ kind: 'newsletter', sent: 1, skipped: 1 });
    expect(reached('agreed@example.org', 'Parish newsletter')).toBe(1);
    expect(reached('pledged@example.org', 'Parish newsletter')).toBe(0);

    const service = await send(everyone, 'Your pledge', 'service');
    expect(await finished(service.body.id)).toMatchObject({ kind: 'service', sent: 2, skipped: 0 });
    expect(reached('pledged@example.org', 'Your pledge')).toBe(1);

    const link = /<(https:[^>]+)>/.exec(smtp.to('agreed@example.org').at(-1)!.header('list-unsubscribe')!)![1]!;
    expect((await fetch(mailing.app.url + link.slice(PUBLIC_URL.length), { method: 'POST' })).status).toBe(200);
    expect(await consentOf('agreed@example.org')).toBe(false);
    const after = await send(everyone, 'After leaving');
    expect(await finished(after.body.id)).toMatchObject({ sent: 0, skipped: 2 });
    expect(reached('agreed@example.org', 'After leaving')).toBe(0);

    // Ticking the box again later gives consent again, once confirmed again.
    await mailing.app.call('POST', '/api/building-fund/', pledgeForm('agreed@example.org', true));
    await confirmFromMail('agreed@example.org', 2);
    expect(await consentOf('agreed@example.org')).toBe(true);
    const again = await send(everyone, 'Welcome back');
    expect(await finished(again.body.id)).toMatchObject({ sent: 1, skipped: 1 });
    expect(reached('agreed@example.org', 'Welcome back')).toBe(1);
  });
});

describe('addresses the mail server refuses', () => {
  it('suppresses an address refused with a 550 in the next campaign, until staff lift it', async () => {
    const first = await send([REFUSED, 'fine@example.org'], 'First notice', 'service');
    expect(await finished(first.body.id)).toMatchObject({ status: 'sent_with_failures', sent: 1, failed: 1 });

    const list = await call('GET', '/api/admin/email/suppressions/');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.body.results[0]).toMatchObject({ email: REFUSED, campaign_id: first.body.id });
    expect(list.body.results[0].reason).toContain('No such mailbox');

    const second = await send([REFUSED, 'fine@example.org'], 'Second notice', 'service');
    expect(await finished(second.body.id)).toMatchObject({ status: 'sent', sent: 1, skipped: 1, failed: 0 });

    const lifted = await call('DELETE', `/api/admin/email/suppressions/${list.body.results[0].id}/`);
    expect(lifted.status).toBe(204);
    expect((await call('GET', '/api/admin/email/suppressions/')).body.count).toBe(0);
    expect((await call('DELETE', `/api/admin/email/suppressions/${list.body.results[0].id}/`)).status).toBe(404);
    const third = await send([REFUSED], 'Third notice', 'service');
    // Through again: the server still refuses it, so it fails (and is suppressed) once more rather than being skipped.
    expect(await finished(third.body.id)).toMatchObject({ failed: 1, skipped: 0 });
    expect((await mailing.app.call('GET', '/api/admin/email/suppressions/')).status).toBe(401);
  });
});
