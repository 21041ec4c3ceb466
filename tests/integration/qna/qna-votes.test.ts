import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaSessions, qnaVotes } from '@gather/server/platform/database/schema/qna';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { inQnaRoom, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
const clients: Array<LiveClient<unknown>> = [];

beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await app?.close();
});

type Headers = Record<string, string>;
const base = (id: string) => `/api/qna/public/sessions/${id}`;
const voteUrl = (sessionId: string, questionId: number) => `${base(sessionId)}/questions/${questionId}/vote/`;
const asStaff = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);

async function createSession(body: Record<string, unknown> = {}): Promise<string> {
  const answer = await asStaff('POST', '/api/qna/sessions/', { title: 'Sunday Q&A', description: 'Ask', ...body });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

/** A phone: the device cookie the site gave it on its first visit to the question page. */
async function phone(on: TestApp, sessionId: string): Promise<Headers> {
  const visit = await on.call('GET', `${base(sessionId)}/questions/`);
  expect(visit.status).toBe(200);
  const cookie = visit.headers.get('set-cookie');
  expect(cookie).toMatch(/^gather_device=[^;]+;/);
  return { cookie: cookie!.split(';')[0]! };
}

async function ask(sessionId: string, text: string, device: Headers = {}, name = '') {
  const answer = await app.call('POST', `${base(sessionId)}/submit/`, { text, name }, device);
  expect(answer.status).toBe(201);
  return answer.body as { id: number; status: string; votes: number; voted: boolean };
}

async function visibleTo(device: Headers, sessionId: string) {
  const answer = await app.call('GET', `${base(sessionId)}/questions/`, undefined, device);
  expect(answer.status).toBe(200);
  return answer.body as Array<{ id: number; status: string; votes: number; voted: boolean }>;
}

async function staffQuestions(sessionId: string) {
  const answer = await asStaff('GET', `/api/qna/sessions/${sessionId}/questions/`);
  expect(answer.status).toBe(200);
  return answer.body as Array<{ id: number; status: string; votes: number; flagged: boolean }>;
}

async function audience(sessionId: string): Promise<LiveClient<AudienceSocket>> {
  const client = await inQnaRoom<AudienceSocket>(app, 'audience', sessionId);
  clients.push(client);
  return client;
}

async function moderator(sessionId: string): Promise<LiveClient<StaffSocket>> {
  const client = await inQnaRoom<StaffSocket>(app, 'staff', sessionId, staff.headers.cookie);
  clients.push(client);
  return client;
}

const storedVotes = (questionId: number) => app.ctx.db.$count(qnaVotes, eq(qnaVotes.questionId, questionId));

describe('votes', () => {
  it('counts 20 parallel taps from one phone once, a second phone once more, and takes a vote back', async () => {
    const sunday = await createSession();
    const question = await ask(sunday, 'Will there be a creche?');
    const [mine, yours] = [await phone(app, sunday), await phone(app, sunday)];

    const taps = await Promise.all(
      Array.from({ length: 20 }, () => app.call('POST', voteUrl(sunday, question.id), undefined, mine)),
    );
    expect(taps.map((tap) => tap.status)).toEqual(Array(20).fill(200));
    expect(taps.map((tap) => [tap.body.votes, tap.body.voted])).toEqual(Array(20).fill([1, true]));
    expect(await storedVotes(question.id)).toBe(1);

    const second = await app.call('POST', voteUrl(sunday, question.id), undefined, yours);
    expect(second.body).toMatchObject({ id: question.id, votes: 2, voted: true });
    expect((await visibleTo(mine, sunday))[0]).toMatchObject({ votes: 2, voted: true });

    const takenBack = await app.call('DELETE', voteUrl(sunday, question.id), undefined, mine);
    expect(takenBack).toMatchObject({ status: 200, body: { votes: 1, voted: false } });
    const again = await Promise.all(
      Array.from({ length: 5 }, () => app.call('DELETE', voteUrl(sunday, question.id), undefined, mine)),
    );
    expect(again.map((answer) => answer.body.votes)).toEqual(Array(5).fill(1));
    expect(await storedVotes(question.id)).toBe(1);
    expect((await visibleTo(mine, sunday))[0]).toMatchObject({ votes: 1, voted: false });
    expect((await visibleTo(yours, sunday))[0]).toMatchObject({ votes: 1, voted: true });
  });

  it('gives each phone a signed, httpOnly device cookie, and a new one for a forged cookie', async () => {
    const sunday = await createSession();
    const question = await ask(sunday, 'Who leads worship?');
    const visit = await app.call('GET', `${base(sunday)}/questions/`);
    const cookie = visit.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d{7,}/);
    const known = { cookie: cookie.split(';')[0]! };
    expect(
      (await app.call('GET', `${base(sunday)}/questions/`, undefined, known)).headers.get('set-cookie'),
    ).toBeNull();

    const [, id] = known.cookie.match(/^gather_device=([^.]+)\./)!;
    const forged = { cookie: `gather_device=${id}.forged-signature` };
    await app.call('POST', voteUrl(sunday, question.id), undefined, known);
    const replay = await app.call('POST', voteUrl(sunday, question.id), undefined, forged);
    // A made-up signature is no device the site knows, never the one it imitates: its vote is refused.
    expect(replay.status).toBe(403);
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect((await visibleTo(known, sunday))[0]).toMatchObject({ votes: 1, voted: true });
  });

  it("refuses a vote on a waiting, dismissed, deleted or another session's question (404)", async () => {
    const sunday = await createSession({ moderation: 'review' });
    const other = await createSession();
    const device = await phone(app, sunday);
    const waiting = await ask(sunday, 'Waiting');
    const dismissed = await ask(sunday, 'Dismissed');
    expect((await asStaff('POST', `/api/qna/questions/${dismissed.id}/dismiss/`)).status).toBe(200);
    const deleted = await ask(other, 'Deleted');
    expect((await asStaff('DELETE', `/api/qna/questions/${deleted.id}/`)).status).toBe(204);
    const elsewhere = await ask(other, 'Elsewhere');

    for (const [sessionId, questionId] of [
      [sunday, waiting.id],
      [sunday, dismissed.id],
      [other, deleted.id],
      [sunday, elsewhere.id],
    ] as const) {
      for (const method of ['POST', 'DELETE']) {
        const answer = await app.call(method, voteUrl(sessionId, questionId), undefined, device);
        expect(answer, `${method} ${questionId}`).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      }
    }
    for (const question of [waiting, dismissed, elsewhere]) {
      expect(await storedVotes(question.id)).toBe(0);
    }
    expect((await app.call('POST', voteUrl(other, elsewhere.id), undefined, device)).body.votes).toBe(1);
  });

  it('slows one address that votes too often, however many cookies it drops', async () => {
    const limited = await startTestApp({ RATE_LIMIT_VOTES: '3' });
    try {
      const [sunday] = await limited.ctx.db
        .insert(qnaSessions)
        .values({ title: 'Q&A', description: 'Ask' })
        .returning();
      const asked = await limited.call('POST', `${base(sunday!.id)}/submit/`, { text: 'Lunch?' });
      // The church's network, as the app sees it behind its proxy: an address of this test's own.
      const network = { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
      const answers = [];
      for (let n = 0; n < 5; n += 1) {
        // A new device every time, as a script that drops its cookies and fetches the page again.
        const visit = await limited.call('GET', `${base(sunday!.id)}/questions/`, undefined, network);
        const device = { ...network, cookie: visit.headers.get('set-cookie')!.split(';')[0]! };
        answers.push(await limited.call('POST', voteUrl(sunday!.id, asked.body.id), undefined, device));
      }
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[2]!.body.votes).toBe(3);
      const neighbour = { 'x-forwarded-for': '198.51.100.7', ...(await phone(limited, sunday!.id)) };
      expect((await limited.call('POST', voteUrl(sunday!.id, asked.body.id), undefined, neighbour)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('review queue', () => {
  it('keeps waiting questions from the audience (list and socket) until staff approve them; dismissed ones for good', async () => {
    const sunday = await createSession({ moderation: 'review' });
    const room = await audience(sunday);
    const watching = await moderator(sunday);
    const [asker, neighbour] = [await phone(app, sunday), await phone(app, sunday)];

    const held = await ask(sunday, 'Can I be baptised?', asker);
    const rejected = await ask(sunday, 'Something unkind', asker);
    expect([held.status, rejected.status]).toEqual(['pending', 'pending']);
    expect((await watching.next('question:created', (q) => q.id === held.id)).status).toBe('pending');
    expect((await visibleTo(asker, sunday)).map((q) => [q.id, q.status])).toEqual([
      [rejected.id, 'pending'],
      [held.id, 'pending'],
    ]);
    expect(await visibleTo(neighbour, sunday)).toEqual([]);
    const sessions = await asStaff('GET', '/api/qna/sessions/');
    expect(sessions.body.find((row: { id: string }) => row.id === sunday)).toMatchObject({ pending_count: 2 });

    const approved = await asStaff('POST', `/api/qna/questions/${held.id}/approve/`);
    expect(approved).toMatchObject({ status: 200, body: { id: held.id, status: 'new', votes: 0, flagged: false } });
    expect(await room.next('questions:created')).toEqual([expect.objectContaining({ id: held.id, votes: 0 })]);
    expect((await watching.next('question:updated', (q) => q.id === held.id)).status).toBe('new');

    const dismissed = await asStaff('POST', `/api/qna/questions/${rejected.id}/dismiss/`);
    expect(dismissed).toMatchObject({ status: 200, body: { status: 'dismissed' } });
    expect((await watching.next('question:updated', (q) => q.id === rejected.id)).status).toBe('dismissed');
    // Its asker is not told: to them it still waits. Nobody else ever sees it.
    expect((await visibleTo(asker, sunday)).map((q) => [q.id, q.status])).toEqual([
      [rejected.id, 'pending'],
      [held.id, 'new'],
    ]);
    expect((await visibleTo(neighbour, sunday)).map((q) => q.id)).toEqual([held.id]);
    expect((await staffQuestions(sunday)).map((q) => [q.id, q.status])).toEqual([
      [rejected.id, 'dismissed'],
      [held.id, 'new'],
    ]);

    // A later question reaching the room shows nothing else came through before it.
    await asStaff('PUT', `/api/qna/sessions/${sunday}/`, {
      title: 'Sunday Q&A',
      description: 'Ask',
      moderation: 'open',
    });
    const open = await ask(sunday, 'Now open?');
    await room.next('questions:created', (list) => list.some((q: { id: number }) => q.id === open.id));
    const seen = JSON.stringify(room.received);
    expect(seen).not.toContain('Something unkind');
    expect(room.received.flatMap((entry) => (entry.event === 'questions:created' ? entry.payload : []))).toEqual([
      expect.objectContaining({ id: held.id }),
      expect.objectContaining({ id: open.id }),
    ]);
  });

  it('answers approve and dismiss clearly: again is harmless, a live question is not dismissed, visitors are refused', async () => {
    const sunday = await createSession({ moderation: 'review' });
    const waiting = await ask(sunday, 'Waiting');
    expect((await asStaff('POST', `/api/qna/questions/${waiting.id}/approve/`)).status).toBe(200);
    expect(await asStaff('POST', `/api/qna/questions/${waiting.id}/approve/`)).toMatchObject({
      status: 200,
      body: { status: 'new' },
    });
    expect(await asStaff('POST', `/api/qna/questions/${waiting.id}/dismiss/`)).toMatchObject({
      status: 400,
      body: { detail: 'Only a question waiting for approval can be dismissed.' },
    });
    for (const id of ['999999', 'abc']) {
      expect((await asStaff('POST', `/api/qna/questions/${id}/approve/`)).status).toBe(404);
      expect((await asStaff('POST', `/api/qna/questions/${id}/dismiss/`)).status).toBe(404);
    }
    const other = await ask(sunday, 'Another');
    const visitor = await app.call('POST', `/api/qna/questions/${other.id}/approve/`, undefined, { origin: app.url });
    expect(visitor.status).toBe(401);
    expect((await staffQuestions(sunday)).find((q) => q.id === other.id)!.status).toBe('pending');
    // A waiting question is approved before it gets a status of the moderators' own.
    const status = await asStaff('PUT', `${base(sunday)}/questions/${other.id}/status/`, { status: 'answered' });
    expect(status.status).toBe(404);
  });
});

describe('word filter', () => {
  it("holds a disguised bad word in filter mode, and the church's own words; marks hits in every mode", async () => {
    const sunday = await createSession({ moderation: 'filter', filter_words: 'gossip, Rival Church' });
    const room = await audience(sunday);
    const clean = await ask(sunday, 'What time is the picnic?');
    const spaced = await ask(sunday, 'What the f u c k is tithing?');
    const leet = await ask(sunday, 'Hello', {}, 'sh1thead');
    const own = await ask(sunday, 'Is G.o.s.s.i.p a sin?');
    const phrase = await ask(sunday, 'Why not join rival church?');
    expect(clean.status).toBe('new');
    expect([spaced, leet, own, phrase].map((q) => q.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    const flags = Object.fromEntries((await staffQuestions(sunday)).map((q) => [q.id, q.flagged]));
    expect(flags).toEqual({ [clean.id]: false, [spaced.id]: true, [leet.id]: true, [own.id]: true, [phrase.id]: true });

    const later = await ask(sunday, 'Last one');
    await room.next('questions:created', (list) => list.some((q: { id: number }) => q.id === later.id));
    const shown = room.received.flatMap((entry) => entry.payload as Array<{ id: number }>).map((q) => q.id);
    expect(shown).toEqual([clean.id, later.id]);

    const open = await createSession();
    const marked = await ask(open, 'What the f u c k?');
    expect(marked.status).toBe('new');
    expect((await staffQuestions(open))[0]).toMatchObject({ id: marked.id, flagged: true });
  });

  it('keeps the moderation mode and words of a session, and refuses bad ones field by field', async () => {
    const sunday = await createSession({ moderation: 'filter', filter_words: ['Gossip', ' gossip ', '', 'slander'] });
    const listed = (await asStaff('GET', '/api/qna/sessions/')).body.find((row: { id: string }) => row.id === sunday);
    expect(listed).toMatchObject({ moderation: 'filter', filter_words: ['gossip', 'slander'], pending_count: 0 });

    const refused = await asStaff('POST', '/api/qna/sessions/', {
      title: 'T',
      description: 'D',
      moderation: 'strict',
      filter_words: ['x'.repeat(51)],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.moderation[0]).toContain('"strict" is not a valid choice');
    expect(refused.body.filter_words).toEqual(['Ensure each word has no more than 50 characters.']);
    expect(Object.keys(refused.body).sort()).toEqual(['filter_words', 'moderation']);
  });
});

describe('what the audience and moderators are pushed', () => {
  it('sends vote counts to the audience gathered per session, and each vote to moderators at once', async () => {
    const sunday = await createSession();
    const room = await audience(sunday);
    const watching = await moderator(sunday);
    const question = await ask(sunday, 'When is the retreat?');
    const phones = await Promise.all(Array.from({ length: 6 }, () => phone(app, sunday)));
    await Promise.all(phones.map((device) => app.call('POST', voteUrl(sunday, question.id), undefined, device)));

    // Each vote reaches moderators at once. Taps at the same moment each count without the others' uncommitted
    // votes, so the moderators' count is settled by the gathered counts read after them.
    await eventually(
      async () => watching.received.filter((entry) => entry.event === 'question:voted').length === 6,
      'every vote to moderators',
    );
    await watching.next('questions:votes', (event) =>
      event.votes.some((entry: { id: number; votes: number }) => entry.id === question.id && entry.votes === 6),
    );
    const counts = await room.next('questions:votes', (votes) =>
      votes.some((entry: { id: number; votes: number }) => entry.id === question.id && entry.votes === 6),
    );
    expect(counts).toEqual([{ id: question.id, votes: 6 }]);
    // Six votes made at most a message now and one gathered after: never one per vote.
    await eventually(async () => room.received.filter((entry) => entry.event === 'questions:votes').length <= 2, 'few');
    expect(room.received.filter((entry) => entry.event === 'questions:votes').length).toBeLessThan(6);
    expect(room.received.some((entry) => entry.event === 'question:voted')).toBe(false);
  });

  it('tells the audience when a question is answered or no longer is, and nothing of other statuses', async () => {
    const sunday = await createSession();
    const room = await audience(sunday);
    const question = await ask(sunday, 'Who chose the hymns?');
    const status = (value: string) =>
      asStaff('PUT', `${base(sunday)}/questions/${question.id}/status/`, { status: value });
    for (const value of ['reading', 'answered', 'answered', 'reading', 'skipped']) {
      expect((await status(value)).status).toBe(200);
    }
    await asStaff('DELETE', `/api/qna/questions/${question.id}/`);
    await room.next('question:deleted');
    expect(room.received.map((entry) => [entry.event, entry.payload])).toEqual([
      ['questions:created', [expect.objectContaining({ id: question.id, answered: false })]],
      ['question:answered', { id: question.id, answered: true }],
      ['question:answered', { id: question.id, answered: false }],
      ['question:deleted', { id: question.id }],
    ]);
  });

  it("offers a session's questions as CSV with their votes and statuses", async () => {
    const sunday = await createSession({ moderation: 'review' });
    const device = await phone(app, sunday);
    const approved = await ask(sunday, '=HYPERLINK("http://evil")', device, 'Ruth');
    await asStaff('POST', `/api/qna/questions/${approved.id}/approve/`);
    await app.call('POST', voteUrl(sunday, approved.id), undefined, device);
    await ask(sunday, 'Still waiting');

    const answer = await asStaff('GET', `/api/qna/sessions/${sunday}/export/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = (answer.body as string).trim().split('\n');
    expect(lines[0]).toBe('ID,Question,Name,Category,Status,Votes,Caught by word filter,Asked');
    expect(lines[1]).toMatch(/,Still waiting,Anonymous,general,pending,0,no,/);
    expect(lines[2]).toContain(`${approved.id},"'=HYPERLINK(""http://evil"")",Ruth,general,new,1,no,`);
    expect((await app.call('GET', `/api/qna/sessions/${sunday}/export/`)).status).toBe(401);
  });
});
