import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { subscribeConfirmed } from '../../support/campaigns.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

const PUBLIC_URL = 'https://www.gatherchurch.example';
let mailing: MailingApp;
let staff: Staff;

beforeAll(async () => {
  mailing = await startMailingApp({ PUBLIC_URL, EMAIL_RATE_PER_SECOND: '1000', CHURCH_NAME: 'Gather Church' });
  staff = await signInAsStaff(mailing.app);
  // Ruth signed up for the newsletter and confirmed, so a newsletter campaign reaches her.
  await subscribeConfirmed(mailing.app, 'ruth@example.org', { origin: PUBLIC_URL });
});
afterAll(() => mailing?.close());

const call = (method: string, path: string, body?: unknown) =>
  mailing.app.call(method, `/api/admin/email/campaigns/${path}`, body, staff.headers);

const DRAFT = {
  subject: 'Carol service',
  content: 'Join us by candlelight.\nMince pies after.',
  recipients: [
    { email: 'ruth@example.org', name: 'Ruth Okafor' },
    { email: 'boaz@example.org', name: 'Boaz' },
  ],
  kind: 'newsletter',
};

async function finished(id: number) {
  return eventually(async () => {
    const answer = await call('GET', `${id}/`);
    return answer.body.status !== 'sending' && answer.body;
  }, `campaign ${id} finished`);
}

describe('campaign drafts', () => {
  it('saves a draft, changes it, lists it and deletes it', async () => {
    const created = await call('POST', '', { subject: 'Half-written' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'draft',
      subject: 'Half-written',
      content: '',
      kind: 'newsletter',
      recipients: [],
      total: 0,
      from_email: 'no-reply@gatherchurch.org.uk',
      from_name: 'Gather Church',
      created_by: staff.username,
    });
    const id = created.body.id as number;

    const changed = await call('PATCH', `${id}/`, { ...DRAFT, from_email: 'pastor@gatherchurch.org.uk' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      status: 'draft',
      subject: 'Carol service',
      content: DRAFT.content,
      recipients: DRAFT.recipients,
      total: 2,
      from_email: 'pastor@gatherchurch.org.uk',
    });
    // A field left out stays as it was.
    expect((await call('PATCH', `${id}/`, { content: 'Changed words' })).body).toMatchObject({
      subject: 'Carol service',
      content: 'Changed words',
      from_email: 'pastor@gatherchurch.org.uk',
    });

    const drafts = await call('GET', '?status=draft');
    expect(drafts.status).toBe(200);
    expect(drafts.body.results.map((row: { id: number }) => row.id)).toContain(id);
    expect(drafts.body.results.every((row: { status: string }) => row.status === 'draft')).toBe(true);

    expect((await call('DELETE', `${id}/`)).status).toBe(204);
    expect((await call('GET', `${id}/`)).status).toBe(404);
    expect((await call('DELETE', `${id}/`)).status).toBe(404);
  });

  it('refuses bad fields one by one, and changes to a campaign that is no longer a draft', async () => {
    const bad = await call('POST', '', {
      subject: 'x'.repeat(201),
      recipients: 'everyone',
      from_email: 'someone@elsewhere.org',
      kind: 'spam',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['from_email', 'kind', 'recipients', 'subject']);
    expect(bad.body.from_email).toEqual(['Email must be from @gatherchurch.org.uk domain']);
    expect((await call('GET', '?status=nonsense')).status).toBe(400);

    const sent = await mailing.app.call(
      'POST',
      '/api/admin/email/send/',
      { ...DRAFT, recipients: [{ email: 'jesse@example.org', name: 'Jesse' }] },
      staff.headers,
    );
    expect(sent.status).toBe(202);
    const patch = await call('PATCH', `${sent.body.id}/`, { subject: 'Too late' });
    expect(patch.status).toBe(409);
    expect(patch.body.detail).toMatch(/Only a draft can be changed/);
    expect((await call('DELETE', `${sent.body.id}/`)).status).toBe(409);
    expect((await call('PATCH', '999999/', { subject: 'Nobody' })).status).toBe(404);
  });

  it('duplicates a sent campaign as a new draft with its words, sender, kind and recipients', async () => {
    const sent = await mailing.app.call(
      'POST',
      '/api/admin/email/send/',
      { ...DRAFT, subject: 'Harvest', from_name: 'The Office', from_email: 'office@gatherchurch.org.uk' },
      staff.headers,
    );
    await finished(sent.body.id);
    const copy = await call('POST', `${sent.body.id}/duplicate/`);
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(sent.body.id);
    expect(copy.body).toMatchObject({
      status: 'draft',
      subject: 'Harvest',
      content: DRAFT.content,
      kind: 'newsletter',
      from_email: 'office@gatherchurch.org.uk',
      from_name: 'The Office',
      sent: 0,
    });
    expect(copy.body.recipients.map((r: { email: string }) => r.email).sort()).toEqual([
      'boaz@example.org',
      'ruth@example.org',
    ]);
    expect((await call('POST', '999999/duplicate/')).status).toBe(404);
  });
});

describe('preview and test send', () => {
  it('previews exactly the message the first recipient receives', async () => {
    const sent = await mailing.app.call(
      'POST',
      '/api/admin/email/send/',
      { ...DRAFT, subject: 'Preview me', recipients: [{ email: 'ruth@example.org', name: 'Ruth <b>Okafor</b>' }] },
      staff.headers,
    );
    await finished(sent.body.id);
    const preview = await call('GET', `${sent.body.id}/preview/`);
    expect(preview.status).toBe(200);
    const [mail] = mailing.smtp.to('ruth@example.org').filter((received) => received.subject === 'Preview me');
    expect(mail).toBeDefined();
    expect(preview.body.subject).toBe(mail!.subject);
    expect(preview.body.html).toBe(mail!.html);
    // The parser at the sink drops the part's final line break.
    expect(preview.body.text.trimEnd()).toBe(mail!.text);
    expect(preview.body.html).toContain('Dear Ruth &lt;b&gt;Okafor&lt;/b&gt;,');
    expect(preview.body.from).toBe('Gather Church <no-reply@gatherchurch.org.uk>');
    expect(preview.body.to).toBe('Ruth <b>Okafor</b> <ruth@example.org>');
    expect(preview.body.headers['List-Unsubscribe']).toBe(mail!.header('list-unsubscribe'));
    expect(preview.body.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('previews a draft with nobody chosen yet for a sample friend', async () => {
    const draft = await call('POST', '', { subject: 'Empty', content: 'Hello {name}!' });
    const preview = await call('GET', `${draft.body.id}/preview/`);
    expect(preview.body.to).toBe('Friend <friend@example.org>');
    expect(preview.body.text).toContain('Hello Friend!');
    expect(preview.body.html).toContain('Unsubscribe');
  });

  it('sends a test only to the test addresses and leaves the campaign as it was', async () => {
    const draft = await call('POST', '', { ...DRAFT, subject: 'Test me' });
    const id = draft.body.id as number;
    const before = mailing.smtp.received.length;
    const test = await call('POST', `${id}/test/`, {
      emails: ['Pastor@gatherchurch.org.uk', 'pastor@gatherchurch.org.uk'],
    });
    expect(test.status).toBe(202);

    const mail = await eventually(
      async () => mailing.smtp.to('pastor@gatherchurch.org.uk').find((received) => received.subject === 'Test me'),
      'the test message',
    );
    expect(mail.envelopeTo).toEqual(['pastor@gatherchurch.org.uk']);
    expect(mail.text).toContain('Dear Ruth Okafor,');
    expect(mail.header('list-unsubscribe')).toContain('email=pastor%40gatherchurch.org.uk');
    // Nothing else goes out: the recipients get nothing and the address gets one copy.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mailing.smtp.received.slice(before).flatMap((received) => received.envelopeTo)).toEqual([
      'pastor@gatherchurch.org.uk',
    ]);
    const after = await call('GET', `${id}/`);
    expect(after.body).toMatchObject({ status: 'draft', total: 2, sent: 0, failed: 0, pending: 0 });
  });

  it('refuses a test with no address, too many or a malformed one', async () => {
    const draft = await call('POST', '', { subject: 'Bad tests' });
    const none = await call('POST', `${draft.body.id}/test/`, { emails: [] });
    expect(none.status).toBe(400);
    expect(none.body.emails).toEqual(['Enter at least one address for the test.']);
    const many = await call('POST', `${draft.body.id}/test/`, {
      emails: Array.from({ length: 6 }, (_, index) => `staff${index}@gatherchurch.org.uk`),
    });
    expect(many.body.emails).toEqual(['A test goes to at most 5 addresses.']);
    const malformed = await call('POST', `${draft.body.id}/test/`, { emails: ['not an address'] });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('Please enter a valid email address');
    expect((await call('POST', '999999/test/', { emails: ['a@gatherchurch.org.uk'] })).status).toBe(404);
  });
});
