import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSION } from '@gather/contracts';
import { prayerRequests } from '@gather/server/platform/database/schema/prayer';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { eventually } from '../../support/eventually.js';
import { BAD_EMAIL, BLANK, REQUIRED, tooLong } from '../../support/field-messages.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let mailing: MailingApp;
let pastoral: Staff;
let others: Staff;

beforeAll(async () => {
  mailing = await startMailingApp();
  pastoral = await signInAsStaff(mailing.app, { roles: ['pastoral'] });
  others = await signInAsStaff(mailing.app, { roles: ['content', 'live', 'mail', 'finance'] });
});
afterAll(() => mailing?.close());

const request = { text: 'Please pray for my grandmother.', name: 'Priscilla' };
const count = () => mailing.app.ctx.db.$count(prayerRequests);

describe('the prayer request form', () => {
  it('keeps a request for the pastoral team by default, and tells the office when no pastoral address is set', async () => {
    const sent = await mailing.app.call('POST', '/api/prayer-requests/', request);
    expect(sent.status).toBe(201);
    expect(sent.body.message).toContain('pastoral team');
    const listed = await mailing.app.call('GET', '/api/admin/prayer-requests/', undefined, pastoral.headers);
    expect(listed.body.results[0]).toMatchObject({ ...request, visibility: 'pastoral', email: null, hear_back: false });
    const notice = await eventually(
      async () => mailing.smtp.received.find((mail) => mail.subject === 'A new prayer request'),
      'the notice',
    );
    expect(notice!.envelopeTo).toEqual([mailing.app.ctx.church.latest.church_notify_email]);
  });

  it.each([
    ['text', { text: undefined }, REQUIRED],
    ['text', { text: ' \n ' }, BLANK],
    ['text', { text: 'p'.repeat(2001) }, tooLong(2000)],
    ['name', { name: 'n'.repeat(101) }, tooLong(100)],
    ['email', { email: 'priscilla' }, BAD_EMAIL],
    ['email', { hear_back: true }, 'Enter your e-mail address to hear back.'],
    [
      'visibility',
      { visibility: 'everyone' },
      '"everyone" is not a valid choice. Choose one of: pastoral, wall, wall_anonymous.',
    ],
    ['hear_back', { email: 'p@example.org', hear_back: 'yes' }, 'Must be true or false.'],
  ])('refuses a bad %s (%j) and keeps nothing', async (field, change, message) => {
    const before = await count();
    const answer = await mailing.app.call('POST', '/api/prayer-requests/', { ...request, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [field]: [message] });
    expect(await count()).toBe(before);
  });

  it('takes 2,000 characters exactly', async () => {
    expect((await mailing.app.call('POST', '/api/prayer-requests/', { text: 'p'.repeat(2000) })).status).toBe(201);
  });

  it('thanks a script that fills the hidden field, and keeps nothing', async () => {
    const before = await count();
    const answer = await mailing.app.call('POST', '/api/prayer-requests/', { ...request, website: 'http://spam' });
    expect(answer.status).toBe(201);
    expect(await count()).toBe(before);
  });
});

describe("the pastoral team's calls", () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/prayer-requests/'],
    ['POST', '/api/admin/prayer-requests/00000000-0000-4000-8000-000000000000/approve/', {}],
    ['POST', '/api/admin/prayer-requests/00000000-0000-4000-8000-000000000000/follow-up/'],
    ['PUT', '/api/admin/prayer-requests/00000000-0000-4000-8000-000000000000/notes/', { notes: '' }],
    ['POST', '/api/admin/prayer-requests/00000000-0000-4000-8000-000000000000/archive/'],
  ];

  it.each(calls)('%s %s: 401 signed out, 403 without the pastoral role, 404 for no such request', async (...call) => {
    const [method, path, body] = call;
    expect((await mailing.app.call(method, path, body)).status).toBe(401);
    const refused = await mailing.app.call(method, path, body, others.headers);
    expect([refused.status, refused.body.detail]).toEqual([403, NO_PERMISSION]);
    const answer = await mailing.app.call(method, path, body, pastoral.headers);
    expect(answer.status).toBe(method === 'GET' ? 200 : 404);
  });

  it("shows People's users outside the pastoral team that a request exists, never its words", async () => {
    const email = 'dorcas@example.org';
    await mailing.app.call('POST', '/api/prayer-requests/', { text: 'Pray for my eyesight', name: 'Dorcas', email });
    const lookUp = (staff: Staff) =>
      mailing.app.call('GET', `/api/admin/people/?email=${email}`, undefined, staff.headers);
    const [seen] = (await lookUp(others)).body.prayer_requests;
    expect(seen).toMatchObject({ text: 'Withheld: only the pastoral team may read prayer requests.', name: '' });
    expect(JSON.stringify(seen)).not.toContain('eyesight');
    const both = await signInAsStaff(mailing.app, { roles: ['finance', 'pastoral'] });
    expect((await lookUp(both)).body.prayer_requests).toEqual([
      expect.objectContaining({ text: 'Pray for my eyesight', name: 'Dorcas' }),
    ]);
  });

  it('refuses an unknown status filter with its own message', async () => {
    const answer = await mailing.app.call(
      'GET',
      '/api/admin/prayer-requests/?status=lost',
      undefined,
      pastoral.headers,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: ['"lost" is not a valid choice. Choose one of: new, on_wall, followed_up, archived.'],
    });
  });
});
