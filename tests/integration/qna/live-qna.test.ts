import { AUDIENCE_RECENT_QUESTIONS } from '@gather/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoCollections } from '@gather/server/platform/database/schema/collections';
import { qnaSessions } from '@gather/server/platform/database/schema/qna';
import { startPeerApp, startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { connectLive, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

/** Two API processes of one site: a visitor may reach one while the moderator is on the other. */
let first: TestApp;
let second: TestApp;
let staff: Staff;
const clients: Array<LiveClient<unknown>> = [];

beforeAll(async () => {
  first = await startTestApp();
  second = await startPeerApp(first);
  staff = await signInAsStaff(first);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await second?.close();
  await first?.close();
});

/** A moderator's page, served by the process it connects to (so that is its origin). */
async function moderator(on: TestApp): Promise<LiveClient<StaffSocket>> {
  const extraHeaders = { cookie: staff.headers.cookie!, origin: on.url };
  const client = await connectLive<StaffSocket>(on, 'staff', { extraHeaders });
  clients.push(client);
  return client;
}

async function audience(on: TestApp): Promise<LiveClient<AudienceSocket>> {
  const client = await connectLive<AudienceSocket>(on, 'audience');
  clients.push(client);
  return client;
}

async function session(values: Partial<typeof qnaSessions.$inferInsert> = {}) {
  const [created] = await first.ctx.db
    .insert(qnaSessions)
    .values({ title: 'Sunday Q&A', description: 'Ask the pastors', ...values })
    .returning();
  return created!;
}

const submit = (on: TestApp, sessionId: string, question: Record<string, string>) =>
  on.call('POST', `/api/qna/public/sessions/${sessionId}/submit/`, question);

const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

/** What staff are pushed of a question a visitor was answered: every status and the filter's verdict, no device's vote. */
const asStaffSee = ({ voted: _voted, ...question }: Record<string, unknown>, sessionId: string) => ({
  ...question,
  flagged: false,
  session_id: sessionId,
});

describe('live Q&A', () => {
  it('brings a question submitted to one API process to a moderator connected to the other', async () => {
    const sunday = await session();
    const watching = await moderator(second);
    expect(await watching.socket.emitWithAck('qna:join', sunday.id)).toEqual({ ok: true });

    const answer = await submit(first, sunday.id, { text: 'What does grace mean?', name: 'Ruth', category: 'faith' });
    expect(answer.status).toBe(201);

    const pushed = await watching.next('question:created');
    expect(pushed).toEqual(asStaffSee(answer.body, sunday.id));
    expect(pushed.status).toBe('new');
  });

  it('gives the audience only what the submit page shows, and staff every change', async () => {
    const sunday = await session();
    const room = await audience(first);
    const watching = await moderator(second);
    expect(await room.socket.emitWithAck('qna:join', sunday.id)).toEqual({ ok: true });
    expect(await watching.socket.emitWithAck('qna:join', sunday.id)).toEqual({ ok: true });

    const asked = (await submit(second, sunday.id, { text: 'Is there a creche?', name: '', category: '' })).body;
    const [shown] = await room.next('questions:created');
    expect(Object.keys(shown).sort()).toEqual([
      'answered',
      'category',
      'created_at',
      'id',
      'name',
      'text',
      'timestamp',
      'votes',
    ]);
    expect(shown).toEqual({
      id: asked.id,
      text: 'Is there a creche?',
      category: 'general',
      name: 'Anonymous',
      created_at: asked.created_at,
      timestamp: asked.timestamp,
      votes: 0,
      answered: false,
    });

    const status = `/api/qna/public/sessions/${sunday.id}/questions/${asked.id}/status/`;
    expect((await first.call('PUT', status, { status: 'answered' }, staff.headers)).status).toBe(200);
    const updated = await watching.next('question:updated');
    expect(updated).toEqual({ ...asStaffSee(asked, sunday.id), status: 'answered' });

    expect((await first.call('DELETE', `/api/qna/questions/${asked.id}/`, undefined, staff.headers)).status).toBe(204);
    expect(await watching.next('question:deleted')).toEqual({ id: asked.id, session_id: sunday.id });

    const form = {
      title: 'Sunday Q&A',
      description: 'Ask the pastors',
      type: 'live',
      max_questions: 100,
      is_active: false,
    };
    expect((await first.call('PUT', `/api/qna/sessions/${sunday.id}/`, form, staff.headers)).status).toBe(200);
    expect(await watching.next('session:ended')).toEqual({ session_id: sunday.id });
    expect(await room.next('session:ended')).toEqual({ session_id: sunday.id });

    // Staff saw everything; the audience that it was answered and deleted, never its status.
    expect(watching.received.map((entry) => entry.event)).toEqual([
      'question:created',
      'question:updated',
      'question:deleted',
      'session:ended',
    ]);
    expect(room.received).toEqual([
      { event: 'questions:created', payload: [shown] },
      { event: 'question:answered', payload: { id: asked.id, answered: true } },
      { event: 'question:deleted', payload: { id: asked.id } },
      { event: 'session:ended', payload: { session_id: sunday.id } },
    ]);

    // The ended session's audience left its room: opened again, it reaches only those who join again.
    const reopened = { ...form, is_active: true };
    expect((await first.call('PUT', `/api/qna/sessions/${sunday.id}/`, reopened, staff.headers)).status).toBe(200);
    const rejoined = await audience(first);
    expect(await rejoined.socket.emitWithAck('qna:join', sunday.id)).toEqual({ ok: true });
    const later = (await submit(second, sunday.id, { text: 'Are we back?' })).body;
    expect(await rejoined.next('questions:created')).toEqual([expect.objectContaining({ id: later.id })]);
    expect(room.received).toHaveLength(4);
  });

  it('gathers a burst of questions into a few lists for the audience, in order, before the session ends', async () => {
    const sunday = await session();
    const room = await audience(second);
    const watching = await moderator(first);
    await room.socket.emitWithAck('qna:join', sunday.id);
    await watching.socket.emitWithAck('qna:join', sunday.id);

    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, index) => submit(first, sunday.id, { text: `Question ${index + 1}` })),
    );
    expect(burst.every((answer) => answer.status === 201)).toBe(true);
    const form = {
      title: 'Sunday Q&A',
      description: 'Ask the pastors',
      type: 'live',
      max_questions: 100,
      is_active: false,
    };
    expect((await first.call('PUT', `/api/qna/sessions/${sunday.id}/`, form, staff.headers)).status).toBe(200);
    await room.next('session:ended');
    await watching.next('session:ended');

    // Moderators get each question as it comes; the audience, in fewer messages, the newest of them in
    // order: each list holds at most the AUDIENCE_RECENT_QUESTIONS its page shows, and the last ones match.
    const toStaff = watching.received.filter((entry) => entry.event === 'question:created');
    expect(toStaff).toHaveLength(10);
    const staffIds = toStaff.map((entry) => (entry.payload as { id: number }).id);
    const lists = room.received.slice(0, -1);
    expect(lists.every((entry) => entry.event === 'questions:created')).toBe(true);
    expect(lists.length).toBeLessThan(10);
    const shown = lists.map((entry) => (entry.payload as Array<{ id: number }>).map((question) => question.id));
    expect(shown.every((list) => list.length <= AUDIENCE_RECENT_QUESTIONS)).toBe(true);
    const audienceIds = shown.flat();
    expect(audienceIds).toEqual(staffIds.filter((id) => audienceIds.includes(id)));
    expect(audienceIds.slice(-AUDIENCE_RECENT_QUESTIONS)).toEqual(staffIds.slice(-AUDIENCE_RECENT_QUESTIONS));
    expect(room.received.at(-1)).toEqual({ event: 'session:ended', payload: { session_id: sunday.id } });
  });

  it('tells both rooms when a session is deleted', async () => {
    const sunday = await session();
    const room = await audience(second);
    const watching = await moderator(first);
    await room.socket.emitWithAck('qna:join', sunday.id);
    await watching.socket.emitWithAck('qna:join', sunday.id);

    expect((await first.call('DELETE', `/api/qna/sessions/${sunday.id}/`, undefined, staff.headers)).status).toBe(204);
    expect(await room.next('session:ended')).toEqual({ session_id: sunday.id });
    expect(await watching.next('session:ended')).toEqual({ session_id: sunday.id });
  });

  it('lets the audience join only an active session that exists', async () => {
    const ended = await session({ isActive: false });
    const open = await session();
    const room = await audience(first);
    const refused = { ok: false, error: 'Not found.' };
    for (const id of [ended.id, missingId, 'not-a-uuid', 42]) {
      expect(await room.socket.emitWithAck('qna:join', id as string), String(id)).toEqual(refused);
    }
    expect(await room.socket.emitWithAck('qna:join', open.id)).toEqual({ ok: true });

    // Refused joins carry nothing: a question to the inactive session is refused anyway, and one
    // to the open session arrives alone.
    expect((await submit(first, ended.id, { text: 'Anyone there?' })).status).toBe(404);
    const asked = (await submit(first, open.id, { text: 'When is the next baptism?' })).body;
    expect(await room.next('questions:created')).toEqual([expect.objectContaining({ id: asked.id })]);
    expect(room.received).toHaveLength(1);
  });

  it('lets staff join an inactive session or closed collection they manage, but nothing that does not exist', async () => {
    const ended = await session({ isActive: false });
    const [closed] = await first.ctx.db
      .insert(photoCollections)
      .values({ name: 'Harvest', isActive: false })
      .returning();
    const watching = await moderator(first);
    const refused = { ok: false, error: 'Not found.' };
    expect(await watching.socket.emitWithAck('qna:join', ended.id)).toEqual({ ok: true });
    expect(await watching.socket.emitWithAck('qna:join', missingId)).toEqual(refused);
    expect(await watching.socket.emitWithAck('collection:join', closed!.id)).toEqual({ ok: true });
    expect(await watching.socket.emitWithAck('collection:join', missingId)).toEqual(refused);
    expect(await watching.socket.emitWithAck('collection:join', '../etc')).toEqual(refused);
    expect(await watching.socket.emitWithAck('jobs:join')).toEqual({ ok: true });
    await first.ctx.db.delete(photoCollections).where(eq(photoCollections.id, closed!.id));
  });

  it('refuses a staff socket without a signed-in session, or opened by another site', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'connected',
        (error: Error) => error.message,
      );
    expect(await refusal(connectLive(first, 'staff'))).toBe('unauthorized');
    expect(
      await refusal(connectLive(first, 'staff', { extraHeaders: { cookie: '__Host-gather_session=forged' } })),
    ).toBe('unauthorized');
    const elsewhere = { ...staff.headers, origin: 'https://evil.example' };
    expect(await refusal(connectLive(first, 'staff', { extraHeaders: elsewhere }))).toBe('unauthorized');

    const leaving = await signInAsStaff(first);
    const headers = leaving.headers;
    expect((await first.call('POST', '/api/admin/auth/logout', undefined, headers)).status).toBeLessThan(300);
    expect(await refusal(connectLive(first, 'staff', { extraHeaders: headers }))).toBe('unauthorized');
  });

  it('delivers what a moderator missed while cut off, once the connection is back', async () => {
    const sunday = await session();
    const watching = await moderator(second);
    await watching.socket.emitWithAck('qna:join', sunday.id);
    const before = (await submit(first, sunday.id, { text: 'First question' })).body;
    await watching.next('question:created', (question) => question.id === before.id);

    // The network drops: no goodbye from the client.
    const gone = new Promise((resolve) => watching.socket.once('disconnect', resolve));
    watching.socket.io.engine.close();
    await gone;
    // The server has noticed too once it has kept the socket's state for its return.
    const kept = `${first.ctx.config.QUEUE_PREFIX}:live:session:*`;
    await eventually(async () => (await first.ctx.redis.keys(kept)).length > 0, 'session state kept');
    const missed = (await submit(first, sunday.id, { text: 'Asked while you were away' })).body;

    const back = new Promise((resolve) => watching.socket.once('connect', () => resolve(undefined)));
    watching.socket.connect();
    await back;
    expect(watching.socket.recovered).toBe(true);
    expect(await watching.next('question:created', (question) => question.id === missed.id)).toEqual(
      asStaffSee(missed, sunday.id),
    );
  });
});
