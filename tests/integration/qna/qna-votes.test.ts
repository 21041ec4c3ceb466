import { describe, expect, it } from 'vitest';
import { qnaQuestions, qnaSessions, qnaVotes } from '@gather/server/platform/database/schema/qna';
import { AUDIENCE_LIST_QUESTIONS, GATHERED_AUDIENCE_EVENTS } from '@gather/contracts';
import { startTestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { publicSessionPath, QnaCalls, voteUrl } from '../../support/qna-calls.js';

const qna = QnaCalls.forFile();

describe('votes', () => {
  it('counts 20 parallel taps from one phone once, a second phone once more, and takes a vote back', async () => {
    const sunday = await qna.createSession();
    const question = await qna.ask(sunday, 'Will there be a creche?');
    const [mine, yours] = [await qna.phone(sunday), await qna.phone(sunday)];

    const taps = await Promise.all(
      Array.from({ length: 20 }, () => qna.app.call('POST', voteUrl(sunday, question.id), undefined, mine)),
    );
    expect(taps.map((tap) => tap.status)).toEqual(Array(20).fill(200));
    expect(taps.map((tap) => [tap.body.votes, tap.body.voted])).toEqual(Array(20).fill([1, true]));
    expect(await qna.storedVotes(question.id)).toBe(1);

    const second = await qna.app.call('POST', voteUrl(sunday, question.id), undefined, yours);
    expect(second.body).toMatchObject({ id: question.id, votes: 2, voted: true });
    expect((await qna.visibleTo(mine, sunday))[0]).toMatchObject({ votes: 2, voted: true });

    const takenBack = await qna.app.call('DELETE', voteUrl(sunday, question.id), undefined, mine);
    expect(takenBack).toMatchObject({ status: 200, body: { votes: 1, voted: false } });
    const again = await Promise.all(
      Array.from({ length: 5 }, () => qna.app.call('DELETE', voteUrl(sunday, question.id), undefined, mine)),
    );
    expect(again.map((answer) => answer.body.votes)).toEqual(Array(5).fill(1));
    expect(await qna.storedVotes(question.id)).toBe(1);
    expect((await qna.visibleTo(mine, sunday))[0]).toMatchObject({ votes: 1, voted: false });
    expect((await qna.visibleTo(yours, sunday))[0]).toMatchObject({ votes: 1, voted: true });
  });

  it('answers each of many phones voting at once with its own question and a count that includes its vote', async () => {
    const sunday = await qna.createSession({ moderation: 'review' });
    const other = await qna.createSession();
    const questions: Array<{ id: number }> = [];
    for (const text of ['Is the hall heated?', 'Who reads on Sunday?', 'When is the picnic?']) {
      const question = await qna.ask(sunday, text);
      expect((await qna.asStaff('POST', `/api/qna/questions/${question.id}/approve/`)).status).toBe(200);
      questions.push(question);
    }
    const waiting = await qna.ask(sunday, 'Still waiting for a moderator');
    const elsewhere = await qna.ask(other, 'Asked in another session');
    const phones = await Promise.all(Array.from({ length: 30 }, () => qna.phone(sunday)));

    // Sent together, these reach the database together: the refused ones must not spoil the others.
    const votes = phones.map((phone, index) => ({ phone, question: questions[index % 3]!.id }));
    const [refusedWaiting, refusedElsewhere, ...answers] = await Promise.all([
      qna.app.call('POST', voteUrl(sunday, waiting.id), undefined, phones[0]),
      qna.app.call('POST', voteUrl(sunday, elsewhere.id), undefined, phones[1]),
      ...votes.map(({ phone, question }) => qna.app.call('POST', voteUrl(sunday, question), undefined, phone)),
      // A second tap from the same phone, in the same moment, adds nothing.
      qna.app.call('POST', voteUrl(sunday, questions[0]!.id), undefined, phones[0]),
    ]);
    const tappedAgain = answers.pop();
    expect([refusedWaiting!.status, refusedElsewhere!.status]).toEqual([404, 404]);
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: votes[index]!.question, voted: true });
      expect(answer.body.votes).toBeGreaterThanOrEqual(1);
      expect(answer.body.votes).toBeLessThanOrEqual(10);
    });
    expect(tappedAgain).toMatchObject({ status: 200, body: { id: questions[0]!.id, voted: true } });
    for (const question of questions) expect(await qna.storedVotes(question.id)).toBe(10);
    const seen = await qna.visibleTo(phones[2]!, sunday);
    expect(
      seen
        .filter((question) => question.votes === 10)
        .map((question) => question.id)
        .sort(),
    ).toEqual(questions.map((question) => question.id).sort());
    expect(await qna.storedVotes(waiting.id)).toBe(0);
    expect(await qna.storedVotes(elsewhere.id)).toBe(0);
  });

  it('gives each phone a signed, httpOnly device cookie, and a new one for a forged cookie', async () => {
    const sunday = await qna.createSession();
    const question = await qna.ask(sunday, 'Who leads worship?');
    const visit = await qna.app.call('GET', `${publicSessionPath(sunday)}/questions/`);
    const cookie = visit.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d{7,}/);
    const known = { cookie: cookie.split(';')[0]! };
    expect(
      (await qna.app.call('GET', `${publicSessionPath(sunday)}/questions/`, undefined, known)).headers.get(
        'set-cookie',
      ),
    ).toBeNull();

    const [, id] = known.cookie.match(/^gather_device=([^.]+)\./)!;
    const forged = { cookie: `gather_device=${id}.forged-signature` };
    await qna.app.call('POST', voteUrl(sunday, question.id), undefined, known);
    const replay = await qna.app.call('POST', voteUrl(sunday, question.id), undefined, forged);
    // A made-up signature is no device the site knows, never the one it imitates: its vote is refused.
    expect(replay.status).toBe(403);
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect((await qna.visibleTo(known, sunday))[0]).toMatchObject({ votes: 1, voted: true });
  });

  it("refuses a vote on a waiting, dismissed, deleted or another session's question (404)", async () => {
    const sunday = await qna.createSession({ moderation: 'review' });
    const other = await qna.createSession();
    const device = await qna.phone(sunday);
    const waiting = await qna.ask(sunday, 'Waiting');
    const dismissed = await qna.ask(sunday, 'Dismissed');
    expect((await qna.asStaff('POST', `/api/qna/questions/${dismissed.id}/dismiss/`)).status).toBe(200);
    const deleted = await qna.ask(other, 'Deleted');
    expect((await qna.asStaff('DELETE', `/api/qna/questions/${deleted.id}/`)).status).toBe(204);
    const elsewhere = await qna.ask(other, 'Elsewhere');

    for (const [sessionId, questionId] of [
      [sunday, waiting.id],
      [sunday, dismissed.id],
      [other, deleted.id],
      [sunday, elsewhere.id],
    ] as const) {
      for (const method of ['POST', 'DELETE']) {
        const answer = await qna.app.call(method, voteUrl(sessionId, questionId), undefined, device);
        expect(answer, `${method} ${questionId}`).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      }
    }
    for (const question of [waiting, dismissed, elsewhere]) {
      expect(await qna.storedVotes(question.id)).toBe(0);
    }
    expect((await qna.app.call('POST', voteUrl(other, elsewhere.id), undefined, device)).body.votes).toBe(1);
  });

  it('slows one address that votes too often, however many cookies it drops', async () => {
    const limited = await startTestApp({ RATE_LIMIT_VOTES: '3' });
    try {
      const [sunday] = await limited.ctx.db
        .insert(qnaSessions)
        .values({ title: 'Q&A', description: 'Ask' })
        .returning();
      const asked = await limited.call('POST', `${publicSessionPath(sunday!.id)}/submit/`, { text: 'Lunch?' });
      // The church's network, as the app sees it behind its proxy: an address of this test's own.
      const network = { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
      const answers = [];
      for (let n = 0; n < 5; n += 1) {
        // A new device every time, as a script that drops its cookies and fetches the page again.
        const visit = await limited.call('GET', `${publicSessionPath(sunday!.id)}/questions/`, undefined, network);
        const device = { ...network, cookie: visit.headers.get('set-cookie')!.split(';')[0]! };
        answers.push(await limited.call('POST', voteUrl(sunday!.id, asked.body.id), undefined, device));
      }
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[2]!.body.votes).toBe(3);
      const neighbour = { 'x-forwarded-for': '198.51.100.7', ...(await qna.phone(sunday!.id, limited)) };
      expect((await limited.call('POST', voteUrl(sunday!.id, asked.body.id), undefined, neighbour)).status).toBe(200);

      // Taps at once are counted together, and the limit still holds for each of them.
      const burst = { 'x-forwarded-for': '198.51.100.8' };
      const devices = await Promise.all(Array.from({ length: 6 }, () => qna.phone(sunday!.id, limited)));
      const together = await Promise.all(
        devices.map((device) =>
          limited.call('POST', voteUrl(sunday!.id, asked.body.id), undefined, { ...burst, ...device }),
        ),
      );
      expect(together.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
      expect(together.find((answer) => answer.status === 429)!.body.detail).toMatch(/^Too many requests\. Please wait/);
    } finally {
      await limited.close();
    }
  });
});

describe("a busy session's list on a phone", () => {
  it('holds the newest questions, the most voted and its own waiting ones, never the whole session', async () => {
    const sunday = await qna.createSession({ max_questions: 500, moderation: 'review' });
    const started = Date.now() - 3_600_000;
    const stored = await qna.app.ctx.db
      .insert(qnaQuestions)
      .values(
        Array.from({ length: 150 }, (_, index) => ({
          sessionId: sunday,
          text: `Question ${index + 1}`,
          createdAt: new Date(started + index * 1000),
        })),
      )
      .returning({ id: qnaQuestions.id });
    const ids = stored.map(({ id }) => id);
    // Question 60 is neither new nor, with these votes, among the most voted: question 70 is, with one vote.
    await qna.app.ctx.db
      .insert(qnaVotes)
      .values(ids.slice(0, AUDIENCE_LIST_QUESTIONS).map((questionId) => ({ questionId, deviceId: 'another phone' })));
    await qna.app.ctx.db
      .insert(qnaVotes)
      .values([ids[69]!, ids[69]!].map((questionId, n) => ({ questionId, deviceId: `phone ${n}` })));
    const mine = await qna.phone(sunday);
    const waiting = await qna.ask(sunday, 'Mine, waiting for review', mine);
    expect(waiting.status).toBe('pending');

    const shown = await qna.visibleTo(mine, sunday);
    const shownIds = shown.map(({ id }) => id);
    expect(shownIds).toContain(waiting.id);
    expect(shownIds).toContain(ids[69]);
    expect(shownIds).toEqual(expect.arrayContaining(ids.slice(-AUDIENCE_LIST_QUESTIONS)));
    expect(shownIds).not.toContain(ids[59]);
    expect(shown.length).toBeLessThanOrEqual(2 * AUDIENCE_LIST_QUESTIONS + 1);
    // Newest first, as before.
    expect(shownIds.slice(0, 2)).toEqual([waiting.id, ids.at(-1)]);
    // Another phone sees no one else's waiting question.
    expect((await qna.visibleTo({}, sunday)).map(({ id }) => id)).not.toContain(waiting.id);
  });
});

describe('what the audience and moderators are pushed', () => {
  it('sends vote counts gathered per session: to moderators within moments, to the audience once a second', async () => {
    const sunday = await qna.createSession();
    const room = await qna.audience(sunday);
    const watching = await qna.moderator(sunday);
    const question = await qna.ask(sunday, 'When is the retreat?');
    const phones = await Promise.all(Array.from({ length: 6 }, () => qna.phone(sunday)));
    await Promise.all(phones.map((device) => qna.app.call('POST', voteUrl(sunday, question.id), undefined, device)));

    // Moderators get the votes' own counts gathered over moments, then the counts read after them, which settle
    // taps at the same moment (each counted without the others' uncommitted votes).
    await watching.next('questions:votes', (event) =>
      event.votes.some((entry: { id: number; votes: number }) => entry.id === question.id && entry.votes === 6),
    );
    expect(watching.received.some((entry) => entry.event === 'question:voted')).toBe(false);
    const counts = await room.next('questions:votes', (votes) =>
      votes.some((entry: { id: number; votes: number }) => entry.id === question.id && entry.votes === 6),
    );
    expect(counts).toEqual([{ id: question.id, votes: 6 }]);
    // Six votes made at most a message now and one gathered after: never one per vote.
    await eventually(async () => room.received.filter((entry) => entry.event === 'questions:votes').length <= 2, 'few');
    expect(room.received.filter((entry) => entry.event === 'questions:votes').length).toBeLessThan(6);
  });

  it("sends each phone a moment's new questions and counts as one message, which the page reads in order", async () => {
    const sunday = await qna.createSession();
    const room = await qna.audience(sunday);
    const messages: string[] = [];
    room.socket.onAny((event: string) => messages.push(event));
    const device = await qna.phone(sunday);
    const first = await qna.ask(sunday, 'Is there parking?');
    await room.next('questions:created');
    // Within the second after the first question: gathered into the moment that follows.
    const second = await qna.ask(sunday, 'Is the hall open after the service?');
    expect((await qna.app.call('POST', voteUrl(sunday, first.id), undefined, device)).status).toBe(200);

    await room.next('questions:votes');
    expect(messages).toEqual(['questions:created', GATHERED_AUDIENCE_EVENTS]);
    expect(room.received).toEqual([
      { event: 'questions:created', payload: [expect.objectContaining({ id: first.id })] },
      { event: 'questions:created', payload: [expect.objectContaining({ id: second.id })] },
      { event: 'questions:votes', payload: [{ id: first.id, votes: 1 }] },
    ]);
  });

  it('tells the audience when a question is answered or no longer is, and nothing of other statuses', async () => {
    const sunday = await qna.createSession();
    const room = await qna.audience(sunday);
    const question = await qna.ask(sunday, 'Who chose the hymns?');
    const status = (value: string) =>
      qna.asStaff('PUT', `${publicSessionPath(sunday)}/questions/${question.id}/status/`, { status: value });
    for (const value of ['reading', 'answered', 'answered', 'reading', 'skipped']) {
      expect((await status(value)).status).toBe(200);
    }
    await qna.asStaff('DELETE', `/api/qna/questions/${question.id}/`);
    await room.next('question:deleted');
    expect(room.received.map((entry) => [entry.event, entry.payload])).toEqual([
      ['questions:created', [expect.objectContaining({ id: question.id, answered: false })]],
      ['question:answered', { id: question.id, answered: true }],
      ['question:answered', { id: question.id, answered: false }],
      ['question:deleted', { id: question.id }],
    ]);
  });

  it("offers a session's questions as CSV with their votes and statuses", async () => {
    const sunday = await qna.createSession({ moderation: 'review' });
    const device = await qna.phone(sunday);
    const approved = await qna.ask(sunday, '=HYPERLINK("http://evil")', device, 'Ruth');
    await qna.asStaff('POST', `/api/qna/questions/${approved.id}/approve/`);
    await qna.app.call('POST', voteUrl(sunday, approved.id), undefined, device);
    await qna.ask(sunday, 'Still waiting');

    const answer = await qna.asStaff('GET', `/api/qna/sessions/${sunday}/export/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = (answer.body as string).trim().split('\n');
    expect(lines[0]).toBe('ID,Question,Name,Category,Status,Votes,Caught by word filter,Asked');
    expect(lines[1]).toMatch(/,Still waiting,Anonymous,general,pending,0,no,/);
    expect(lines[2]).toContain(`${approved.id},"'=HYPERLINK(""http://evil"")",Ruth,general,new,1,no,`);
    expect((await qna.app.call('GET', `/api/qna/sessions/${sunday}/export/`)).status).toBe(401);
  });
});
