import { describe, expect, it } from 'vitest';
import { publicSessionPath, QnaCalls } from '../../support/qna-calls.js';

const qna = QnaCalls.forFile();

describe('review queue', () => {
  it('keeps waiting questions from the audience (list and socket) until staff approve them; dismissed ones for good', async () => {
    const sunday = await qna.createSession({ moderation: 'review' });
    const room = await qna.audience(sunday);
    const watching = await qna.moderator(sunday);
    const [asker, neighbour] = [await qna.phone(sunday), await qna.phone(sunday)];

    const held = await qna.ask(sunday, 'Can I be baptised?', asker);
    const rejected = await qna.ask(sunday, 'Something unkind', asker);
    expect([held.status, rejected.status]).toEqual(['pending', 'pending']);
    expect((await watching.next('question:created', (q) => q.id === held.id)).status).toBe('pending');
    expect((await qna.visibleTo(asker, sunday)).map((q) => [q.id, q.status])).toEqual([
      [rejected.id, 'pending'],
      [held.id, 'pending'],
    ]);
    expect(await qna.visibleTo(neighbour, sunday)).toEqual([]);
    const sessions = await qna.asStaff('GET', '/api/qna/sessions/');
    expect(sessions.body.find((row: { id: string }) => row.id === sunday)).toMatchObject({ pending_count: 2 });

    const approved = await qna.asStaff('POST', `/api/qna/questions/${held.id}/approve/`);
    expect(approved).toMatchObject({ status: 200, body: { id: held.id, status: 'new', votes: 0, flagged: false } });
    expect(await room.next('questions:created')).toEqual([expect.objectContaining({ id: held.id, votes: 0 })]);
    expect((await watching.next('question:updated', (q) => q.id === held.id)).status).toBe('new');

    const dismissed = await qna.asStaff('POST', `/api/qna/questions/${rejected.id}/dismiss/`);
    expect(dismissed).toMatchObject({ status: 200, body: { status: 'dismissed' } });
    expect((await watching.next('question:updated', (q) => q.id === rejected.id)).status).toBe('dismissed');
    // Its asker is not told: to them it still waits. Nobody else ever sees it.
    expect((await qna.visibleTo(asker, sunday)).map((q) => [q.id, q.status])).toEqual([
      [rejected.id, 'pending'],
      [held.id, 'new'],
    ]);
    expect((await qna.visibleTo(neighbour, sunday)).map((q) => q.id)).toEqual([held.id]);
    expect((await qna.staffQuestions(sunday)).map((q) => [q.id, q.status])).toEqual([
      [rejected.id, 'dismissed'],
      [held.id, 'new'],
    ]);

    // A later question reaching the room shows nothing else came through before it.
    await qna.asStaff('PUT', `/api/qna/sessions/${sunday}/`, {
      title: 'Sunday Q&A',
      description: 'Ask',
      moderation: 'open',
    });
    const open = await qna.ask(sunday, 'Now open?');
    await room.next('questions:created', (list) => list.some((q: { id: number }) => q.id === open.id));
    const seen = JSON.stringify(room.received);
    expect(seen).not.toContain('Something unkind');
    expect(room.received.flatMap((entry) => (entry.event === 'questions:created' ? entry.payload : []))).toEqual([
      expect.objectContaining({ id: held.id }),
      expect.objectContaining({ id: open.id }),
    ]);
  });

  it('answers approve and dismiss clearly: again is harmless, a live question is not dismissed, visitors are refused', async () => {
    const sunday = await qna.createSession({ moderation: 'review' });
    const waiting = await qna.ask(sunday, 'Waiting');
    expect((await qna.asStaff('POST', `/api/qna/questions/${waiting.id}/approve/`)).status).toBe(200);
    expect(await qna.asStaff('POST', `/api/qna/questions/${waiting.id}/approve/`)).toMatchObject({
      status: 200,
      body: { status: 'new' },
    });
    expect(await qna.asStaff('POST', `/api/qna/questions/${waiting.id}/dismiss/`)).toMatchObject({
      status: 400,
      body: { detail: 'Only a question waiting for approval can be dismissed.' },
    });
    for (const id of ['999999', 'abc']) {
      expect((await qna.asStaff('POST', `/api/qna/questions/${id}/approve/`)).status).toBe(404);
      expect((await qna.asStaff('POST', `/api/qna/questions/${id}/dismiss/`)).status).toBe(404);
    }
    const other = await qna.ask(sunday, 'Another');
    const visitor = await qna.app.call('POST', `/api/qna/questions/${other.id}/approve/`, undefined, {
      origin: qna.app.url,
    });
    expect(visitor.status).toBe(401);
    expect((await qna.staffQuestions(sunday)).find((q) => q.id === other.id)!.status).toBe('pending');
    // A waiting question is approved before it gets a status of the moderators' own.
    const status = await qna.asStaff('PUT', `${publicSessionPath(sunday)}/questions/${other.id}/status/`, {
      status: 'answered',
    });
    expect(status.status).toBe(404);
  });
});

describe('word filter', () => {
  it("holds a disguised bad word in filter mode, and the church's own words; marks hits in every mode", async () => {
    const sunday = await qna.createSession({ moderation: 'filter', filter_words: 'gossip, Rival Church' });
    const room = await qna.audience(sunday);
    const clean = await qna.ask(sunday, 'What time is the picnic?');
    const spaced = await qna.ask(sunday, 'What the f u c k is tithing?');
    const leet = await qna.ask(sunday, 'Hello', {}, 'sh1thead');
    const own = await qna.ask(sunday, 'Is G.o.s.s.i.p a sin?');
    const phrase = await qna.ask(sunday, 'Why not join rival church?');
    expect(clean.status).toBe('new');
    expect([spaced, leet, own, phrase].map((q) => q.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    const flags = Object.fromEntries((await qna.staffQuestions(sunday)).map((q) => [q.id, q.flagged]));
    expect(flags).toEqual({ [clean.id]: false, [spaced.id]: true, [leet.id]: true, [own.id]: true, [phrase.id]: true });

    const later = await qna.ask(sunday, 'Last one');
    await room.next('questions:created', (list) => list.some((q: { id: number }) => q.id === later.id));
    const shown = room.received.flatMap((entry) => entry.payload as Array<{ id: number }>).map((q) => q.id);
    expect(shown).toEqual([clean.id, later.id]);

    const open = await qna.createSession();
    const marked = await qna.ask(open, 'What the f u c k?');
    expect(marked.status).toBe('new');
    expect((await qna.staffQuestions(open))[0]).toMatchObject({ id: marked.id, flagged: true });
  });

  it('keeps the moderation mode and words of a session, and refuses bad ones field by field', async () => {
    const sunday = await qna.createSession({
      moderation: 'filter',
      filter_words: ['Gossip', ' gossip ', '', 'slander'],
    });
    const listed = (await qna.asStaff('GET', '/api/qna/sessions/')).body.find(
      (row: { id: string }) => row.id === sunday,
    );
    expect(listed).toMatchObject({ moderation: 'filter', filter_words: ['gossip', 'slander'], pending_count: 0 });

    const refused = await qna.asStaff('POST', '/api/qna/sessions/', {
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
