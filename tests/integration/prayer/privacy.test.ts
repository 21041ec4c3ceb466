import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Answer } from '../../support/app.js';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { connectLive, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import { stExample } from '../../support/church-settings.js';
import { eventually } from '../../support/eventually.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

/**
 * Each choice of who may see a request reaches exactly the audiences it names: the public API and the wall's
 * sockets only once approved and only for the wall choices; the pastoral team's sockets always, other staff's
 * never; the log, the metrics and every e-mail never.
 */
let mailing: MailingApp;
let pastoral: Staff;
let admin: Staff;
let content: Staff;
const sockets: Array<LiveClient<StaffSocket | AudienceSocket>> = [];

beforeAll(async () => {
  mailing = await startMailingApp({ CHURCH_EMAIL_DOMAIN: 'stexample.org' });
  pastoral = await signInAsStaff(mailing.app, { roles: ['pastoral'] });
  content = await signInAsStaff(mailing.app, { roles: ['content', 'live', 'mail', 'finance'] });
  admin = await signInAsStaff(mailing.app);
  // The pastoral team's own address, set in Settings: never one a visitor typed.
  expect((await mailing.app.call('PUT', '/api/admin/settings/', stExample, admin.headers)).status).toBe(200);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await mailing?.close();
});

async function staffSocket(staff: Staff): Promise<{ client: LiveClient<StaffSocket>; joined: unknown }> {
  const client = await connectLive<StaffSocket>(mailing.app, 'staff', { extraHeaders: staff.headers });
  sockets.push(client);
  const joined = await new Promise((resolve) => client.socket.emit('prayer:join', resolve));
  await new Promise((resolve) => client.socket.emit('attention:join', resolve));
  return { client, joined };
}

async function wallSocket(): Promise<LiveClient<AudienceSocket>> {
  const client = await connectLive<AudienceSocket>(mailing.app, 'audience');
  sockets.push(client);
  expect(await new Promise((resolve) => client.socket.emit('prayer-wall:join', resolve))).toEqual({ ok: true });
  return client;
}

/** Every word a socket received, as one text. */
const heard = (client: LiveClient<unknown>) => JSON.stringify(client.received);

/** What the app and its worker logged while `calls` ran, at the most talkative level. */
async function loggedWhile(calls: () => Promise<void>): Promise<string> {
  const { log } = mailing.app.ctx;
  log.level = 'trace';
  const before = mailing.app.logs.length;
  try {
    await calls();
  } finally {
    log.level = 'warn';
  }
  return mailing.app.logs.slice(before).join('\n');
}

const secret = () => `words-${randomBytes(6).toString('hex')}`;

describe.each(['pastoral', 'wall', 'wall_anonymous'] as const)('a %s request', (visibility) => {
  it('reaches exactly the audiences its sender chose', async () => {
    const text = `Please pray for my sister, ${secret()}`;
    const name = `Ruth${randomBytes(3).toString('hex')}`;
    const email = `${name.toLowerCase()}@example.org`;
    const team = await staffSocket(pastoral);
    const administrator = await staffSocket(admin);
    const other = await staffSocket(content);
    expect(team.joined).toEqual({ ok: true });
    expect(other.joined).toEqual({ ok: false, error: 'You do not have permission to do this.' });
    const wall = await wallSocket();
    const mailBefore = mailing.smtp.received.length;

    let sent: { status: number } | undefined;
    const log = await loggedWhile(async () => {
      sent = await mailing.app.call('POST', '/api/prayer-requests/', {
        text,
        name,
        email,
        visibility,
        hear_back: true,
      });
      // The pastoral team hears of it at once, whole, on their screens.
      await team.client.next('prayer:created', (request) => request.text === text);
      await administrator.client.next('prayer:created', (request) => request.text === text);
      // Its notice is mailed without its words.
      await eventually(async () => mailing.smtp.received.length > mailBefore, 'the notice to the pastoral team');
    });
    expect(sent!.status).toBe(201);
    const { body: listed } = await mailing.app.call(
      'GET',
      `/api/admin/prayer-requests/?search=${encodeURIComponent(name)}`,
      undefined,
      pastoral.headers,
    );
    expect(listed.results).toEqual([expect.objectContaining({ text, name, visibility, status: 'new' })]);
    const { id } = listed.results[0];

    let approval: Answer | undefined;
    let wallAnswer: Answer | undefined;
    // The team's care of it is logged as plainly: which call, never what it said.
    const careLog = await loggedWhile(async () => {
      approval = await mailing.app.call('POST', `/api/admin/prayer-requests/${id}/approve/`, {}, pastoral.headers);
      await mailing.app.call('PUT', `/api/admin/prayer-requests/${id}/notes/`, { notes: text }, pastoral.headers);
      wallAnswer = await mailing.app.call('GET', '/api/prayer-requests/wall/');
    });
    if (visibility === 'pastoral') {
      // Nobody can put it on the wall, not even by mistake.
      expect(approval!.status).toBe(400);
      expect(JSON.stringify(wallAnswer!.body)).not.toContain(text);
    } else {
      expect(approval!.status).toBe(200);
      const shown = await wall.next('prayer:shown', (request) => request.id === id);
      expect(shown).toEqual({
        id,
        text,
        name: visibility === 'wall' ? name : null,
        prayed_count: 0,
        approved_at: expect.any(String),
      });
      expect(wallAnswer!.body.results).toContainEqual(shown);
    }
    // Even approved, a wall_anonymous request never shows its name to the public.
    if (visibility !== 'wall') {
      expect(JSON.stringify(wallAnswer!.body)).not.toContain(name);
      expect(heard(wall)).not.toContain(name);
    }
    if (visibility === 'pastoral') expect(heard(wall)).not.toContain(text);
    expect(heard(wall)).not.toContain(email);

    // Other staff hear that something needs attention, never what.
    await eventually(
      async () => other.client.received.some((entry) => entry.event === 'attention:changed'),
      'attention',
    );
    expect(heard(other.client)).not.toContain(text);
    expect(heard(other.client)).not.toContain(name);

    // No log line, no metric, no e-mail carries the words or who sent them.
    for (const secretPart of [text, name, email]) {
      expect(log).not.toContain(secretPart);
      expect(careLog).not.toContain(secretPart);
    }
    expect(log).toContain('/api/prayer-requests/');
    expect(careLog).toContain(`/api/admin/prayer-requests/${id}/approve/`);
    // Nor does the activity log, which administrators read.
    const { rows: activity } = await mailing.app.ctx.db.execute(sql`select * from activity_log`);
    expect(JSON.stringify(activity)).not.toContain(text);
    expect(JSON.stringify(activity)).not.toContain(name);
    const metrics = await mailing.app.call('GET', '/metrics', undefined, admin.headers);
    expect(metrics.status).toBe(200);
    expect(metrics.body).not.toContain(text);
    expect(metrics.body).not.toContain(name);
    const notices = mailing.smtp.received.slice(mailBefore);
    expect(notices.map((mail) => [mail.envelopeTo, mail.subject])).toEqual([
      [[stExample.pastoral_email], 'A new prayer request'],
    ]);
    for (const mail of mailing.smtp.received) {
      expect(mail.raw).not.toContain(text);
      expect(mail.raw).not.toContain(name);
    }
    expect(notices[0]!.text).toContain('/admin/prayer');

    // Other staff cannot read it by asking either.
    const refused = await mailing.app.call('GET', '/api/admin/prayer-requests/', undefined, content.headers);
    expect(refused.status).toBe(403);
    for (const socket of [team.client, administrator.client, other.client, wall]) socket.close();
  });
});
