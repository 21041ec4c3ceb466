import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSettings } from '@gather/server/platform/mail/settings';
import { LinkSigner, siteSecret } from '@gather/server/platform/signed-links';
import { UnsubscribeLinks } from '@gather/server/features/newsletters/unsubscribe';
import { ReminderLinks } from '@gather/server/features/building-fund/reminder-links';
import { ConfirmLinks } from '@gather/server/features/newsletters/confirm-links';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

/** The request log's lines written while `calls` ran, as an operator (or anyone with the log files) reads them. */
async function loggedWhile(calls: () => Promise<unknown>): Promise<string> {
  app.ctx.log.level = 'info';
  const before = app.logs.length;
  try {
    await calls();
  } finally {
    app.ctx.log.level = 'warn';
  }
  return app.logs.slice(before).join('\n');
}

const path = (url: string) => url.slice(new URL(url).origin.length);

describe('the request log', () => {
  it('keeps the links people are mailed, and their addresses, out of the log, and still says which route', async () => {
    const email = `Ann.Lee+${randomBytes(3).toString('hex')}@example.org`;
    const signer = new LinkSigner(siteSecret(app.ctx.config));
    const settings = mailSettings(app.ctx.config);
    const unsubscribe = path(new UnsubscribeLinks(signer, settings).linksFor(email).url);
    const reminders = path(new ReminderLinks(signer, settings).remindersOffUrl(4711));
    const unsubscribeToken = new URL(unsubscribe, app.url).searchParams.get('token')!;
    const reminderToken = new URL(reminders, app.url).searchParams.get('token')!;
    const confirm = path(new ConfirmLinks(signer, settings).url(4712));
    const confirmToken = new URL(confirm, app.url).searchParams.get('token')!;
    const passwordToken = `12.${randomBytes(32).toString('base64url')}`;
    const uploadId = randomBytes(16).toString('hex');

    const log = await loggedWhile(async () => {
      await app.call('GET', unsubscribe);
      await app.call('GET', reminders);
      await app.call('GET', confirm);
      await app.call('GET', `/admin/set-password?token=${passwordToken}`);
      await app.call('GET', `/api/admin/people/?email=${encodeURIComponent(email)}`, undefined, staff.headers);
      await app.call('GET', `/api/no-such-thing/${email}/`);
      await app.call('HEAD', `/api/uploads/resumable/${uploadId}`);
    });

    for (const secret of [unsubscribeToken, reminderToken, confirmToken, passwordToken, uploadId])
      expect(log).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain('ann.lee');
    expect(log).not.toMatch(/@|%40/);
    // What an operator needs is still there: which route was asked, and how it went.
    expect(log).toContain('"url":"/api/newsletter/unsubscribe/?email=[redacted]&token=[redacted]"');
    expect(log).toContain('"url":"/api/building-fund/reminders/off/?pledge=4711&token=[redacted]"');
    expect(log).toContain('"url":"/api/newsletter/confirm/?consent=4712&token=[redacted]"');
    expect(log).toContain('"url":"/api/no-such-thing/[redacted]/"');
  });
});
