import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrayerSweep } from '@gather/server/features/prayer/sweeps';
import { startMailingApp, type MailingApp } from '../../support/mailing-app.js';
import { connectLive, type AudienceSocket, type LiveClient } from '../../support/live.js';
import { eventually } from '../../support/eventually.js';
import type { ReceivedMail } from '../../support/test-smtp.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let mailing: MailingApp;
let pastoral: Staff;
let wall: LiveClient<AudienceSocket>;

beforeAll(async () => {
  mailing = await startMailingApp();
  pastoral = await signInAsStaff(mailing.app, { roles: ['pastoral'] });
  wall = await connectLive<AudienceSocket>(mailing.app, 'audience');
  expect(await new Promise((resolve) => wall.socket.emit('prayer-wall:join', resolve))).toEqual({ ok: true });
});
afterAll(async () => {
  wall?.close();
  await mailing?.close();
});

const staffCall = (method: string, path: string, body?: unknown) =>
  mailing.app.call(method, path, body, pastoral.headers);

/** Sends a request as a visitor and answers its id, as the pastoral team's list shows it. */
async function sendRequest(form: Record<string, unknown>): Promise<string> {
  expect((await mailing.app.call('POST', '/api/prayer-requests/', form)).status).toBe(201);
  const listed = await staffCall('GET', `/api/admin/prayer-requests/?search=${encodeURIComponent(String(form.text))}`);
  return listed.body.results[0].id;
}

const wallIds = async () =>
  ((await mailing.app.call('GET', '/api/prayer-requests/wall/')).body.results as Array<{ id: string }>).map(
    (request) => request.id,
  );

/** Runs the worker's prayer sweep once, as it runs at the worker's start. */
const sweepOnce = () => startPrayerSweep(mailing.app.ctx).stop();

describe('the prayer wall', () => {
  it('shows a request only once approved, with the words the pastoral team chose; the original is kept', async () => {
    const id = await sendRequest({
      text: 'Pray for my husband John Smith at the Royal Free',
      name: 'Mary Smith',
      visibility: 'wall',
    });
    expect(await wallIds()).not.toContain(id);
    const approved = await staffCall('POST', `/api/admin/prayer-requests/${id}/approve/`, {
      text: 'Pray for my husband in hospital',
      name: 'Mary',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      text: 'Pray for my husband John Smith at the Royal Free',
      name: 'Mary Smith',
      wall_text: 'Pray for my husband in hospital',
      wall_name: 'Mary',
      status: 'on_wall',
    });
    const shown = await wall.next('prayer:shown', (request) => request.id === id);
    expect(shown).toMatchObject({ text: 'Pray for my husband in hospital', name: 'Mary', prayed_count: 0 });
    const page = (await mailing.app.call('GET', '/api/prayer-requests/wall/')).body;
    expect(page.results[0]).toEqual(shown);
    expect(JSON.stringify(page)).not.toContain('Smith');
  });

  it('lists the newest approval first, a bounded page at a time', async () => {
    const first = await sendRequest({ text: 'First of the two', visibility: 'wall_anonymous' });
    const second = await sendRequest({ text: 'Second of the two', visibility: 'wall_anonymous' });
    await staffCall('POST', `/api/admin/prayer-requests/${first}/approve/`, {});
    await staffCall('POST', `/api/admin/prayer-requests/${second}/approve/`, {});
    expect((await wallIds()).slice(0, 2)).toEqual([second, first]);
    const tooFar = await mailing.app.call('GET', '/api/prayer-requests/wall/?page=0');
    expect(tooFar.status).toBe(400);
    expect((await mailing.app.call('GET', '/api/prayer-requests/wall/?page=99')).body.results).toEqual([]);
  });

  it('counts "I prayed" once per device under 20 parallel taps, and pushes the count to every wall', async () => {
    const id = await sendRequest({ text: 'Pray for our exams', name: 'Sam', visibility: 'wall' });
    const other = await sendRequest({ text: 'Pray for the harvest supper', visibility: 'wall' });
    await staffCall('POST', `/api/admin/prayer-requests/${id}/approve/`, {});
    await staffCall('POST', `/api/admin/prayer-requests/${other}/approve/`, {});
    // The phone gets its device cookie with its first tap (on another request).
    const first = await mailing.app.call('POST', `/api/prayer-requests/${other}/prayed/`);
    expect(first.body).toEqual({ id: other, prayed_count: 1, prayed: true });
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;

    const taps = await Promise.all(
      Array.from({ length: 20 }, () =>
        mailing.app.call('POST', `/api/prayer-requests/${id}/prayed/`, undefined, { cookie }),
      ),
    );
    expect(taps.map((tap) => tap.status)).toEqual(Array(20).fill(200));
    expect(taps.map((tap) => tap.body.prayed_count)).toEqual(Array(20).fill(1));
    await wall.next('prayer:prayed', (event) => event.id === id && event.prayed_count === 1);

    // Twenty other phones, at once: each counts.
    await Promise.all(Array.from({ length: 20 }, () => mailing.app.call('POST', `/api/prayer-requests/${id}/prayed/`)));
    await wall.next('prayer:prayed', (event) => event.id === id && event.prayed_count === 21);
    const shown = (await mailing.app.call('GET', '/api/prayer-requests/wall/')).body.results;
    expect(shown.find((request: { id: string }) => request.id === id).prayed_count).toBe(21);
  });

  it('takes no "I prayed" for a request not on the wall', async () => {
    const id = await sendRequest({ text: 'Only for the team', visibility: 'pastoral' });
    expect((await mailing.app.call('POST', `/api/prayer-requests/${id}/prayed/`)).status).toBe(404);
    expect((await mailing.app.call('POST', '/api/prayer-requests/not-a-uuid/prayed/')).status).toBe(404);
  });

  it('archives requests older than the church sets, which leave the wall', async () => {
    const old = await sendRequest({ text: 'An old request', visibility: 'wall' });
    const recent = await sendRequest({ text: 'A recent request', visibility: 'wall' });
    await staffCall('POST', `/api/admin/prayer-requests/${old}/approve/`, {});
    await staffCall('POST', `/api/admin/prayer-requests/${recent}/approve/`, {});
    await mailing.app.ctx.db.execute(
      sql`update prayer_requests set created_at = now() - interval '61 days' where id = ${old}`,
    );
    await sweepOnce();
    await wall.next('prayer:hidden', (event) => event.id === old);
    expect(await wallIds()).toContain(recent);
    expect(await wallIds()).not.toContain(old);
    const archived = await staffCall('GET', '/api/admin/prayer-requests/?status=archived');
    expect(archived.body.results.map((request: { id: string }) => request.id)).toEqual([old]);
  });

  it('archives by the age the church sets in Settings', async () => {
    const admin = await signInAsStaff(mailing.app);
    const id = await sendRequest({ text: 'A three-week-old request', visibility: 'pastoral' });
    await mailing.app.ctx.db.execute(
      sql`update prayer_requests set created_at = now() - interval '21 days' where id = ${id}`,
    );
    await sweepOnce();
    expect((await staffCall('GET', '/api/admin/prayer-requests/?status=new')).body.results).toContainEqual(
      expect.objectContaining({ id }),
    );
    const settings = (await mailing.app.call('GET', '/api/admin/settings/', undefined, admin.headers)).body;
    const saved = await mailing.app.call(
      'PUT',
      '/api/admin/settings/',
      { ...settings, prayer_archive_days: 14 },
      admin.headers,
    );
    expect(saved.status).toBe(200);
    await sweepOnce();
    const archived = await staffCall('GET', '/api/admin/prayer-requests/?status=archived');
    expect(archived.body.results).toContainEqual(expect.objectContaining({ id }));
  });

  it('tells a sender who asked how many prayed, at most once a day, with nothing of their request', async () => {
    const email = 'hannah@example.org';
    const id = await sendRequest({
      text: 'Pray for a child, Hannah Elkanah',
      name: 'Hannah',
      email,
      hear_back: true,
      visibility: 'wall',
    });
    await staffCall('POST', `/api/admin/prayer-requests/${id}/approve/`, { name: 'H' });
    for (let phone = 0; phone < 3; phone += 1) await mailing.app.call('POST', `/api/prayer-requests/${id}/prayed/`);
    await sweepOnce();
    const [news] = (await eventually(
      async () => mailing.smtp.to(email).length > 0 && mailing.smtp.to(email),
      'the news',
    )) as ReceivedMail[];
    expect(news!.subject).toBe('3 people prayed for your request this week');
    expect(news!.raw).not.toContain('Elkanah');
    expect(news!.raw).not.toContain('Pray for a child');
    // More prayed the same day: no second mail until a day has passed.
    await mailing.app.call('POST', `/api/prayer-requests/${id}/prayed/`);
    await sweepOnce();
    const { rows } = await mailing.app.ctx.db.execute<{ queued: number }>(sql`
      select count(*)::int as queued from outbox
      where payload->>'kind' = 'prayer-prayed-count'
        and (payload->>'recordId')::int = (select number from prayer_requests where id = ${id})`);
    expect(rows[0]!.queued).toBe(1);
    expect(mailing.smtp.to(email)).toHaveLength(1);

    // Its link stops the news: opening it only asks, its button stops it, and a made-up link does nothing.
    const link = new URL(/https?:\/\/\S+\/api\/prayer-requests\/updates\/off\/\S+/.exec(news!.text)![0]);
    const path = `${link.pathname}${link.search}`;
    expect(news!.header('list-unsubscribe')).toContain(path);
    const forged = path.replace(/token=[^&]+/, 'token=made-up');
    expect((await mailing.app.call('POST', forged)).status).toBe(400);
    const asked = await mailing.app.call('GET', path);
    expect(asked.body).toContain('Stop these e-mails');
    const hearsBack = async () =>
      (
        await mailing.app.ctx.db.execute<{ hear_back: boolean }>(
          sql`select hear_back from prayer_requests where id = ${id}`,
        )
      ).rows[0]!.hear_back;
    expect(await hearsBack()).toBe(true);
    expect((await mailing.app.call('POST', path)).status).toBe(200);
    expect(await hearsBack()).toBe(false);
  });

  it('keeps the pastoral team’s care: follow up, notes, archive, search and status', async () => {
    const id = await sendRequest({ text: 'Pray for my new job', name: 'Lydia', visibility: 'pastoral' });
    expect((await staffCall('GET', '/api/admin/prayer-requests/?status=new')).body.results).toContainEqual(
      expect.objectContaining({ id }),
    );
    const followed = await staffCall('POST', `/api/admin/prayer-requests/${id}/follow-up/`);
    expect(followed.body).toMatchObject({ status: 'followed_up', followed_up_at: expect.any(String) });
    const noted = await staffCall('PUT', `/api/admin/prayer-requests/${id}/notes/`, { notes: 'Called her on Monday' });
    expect(noted.body.notes).toBe('Called her on Monday');
    expect((await staffCall('GET', '/api/admin/prayer-requests/?search=monday')).body.results).toEqual([
      expect.objectContaining({ id }),
    ]);
    const archived = await staffCall('POST', `/api/admin/prayer-requests/${id}/archive/`);
    expect(archived.body.status).toBe('archived');
    expect((await staffCall('POST', `/api/admin/prayer-requests/${id}/approve/`, {})).status).toBe(400);
  });
});
