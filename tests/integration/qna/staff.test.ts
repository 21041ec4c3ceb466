import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { publicSessionPath, QnaCalls } from '../../support/qna-calls.js';

const qna = QnaCalls.forFile();
const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const statusUrl = (sessionId: string, questionId: number | string) =>
  `${publicSessionPath(sessionId)}/questions/${questionId}/status/`;
const ask = async (sessionId: string, text: string) => (await qna.ask(sessionId, text)).id;
const questionsOf = (sessionId: string) =>
  qna.app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, sessionId));

describe('staff Q&A sessions', () => {
  it('creates a session with the defaults and stores it', async () => {
    const answer = await qna.asStaff('POST', '/api/qna/sessions/', {
      title: '  Youth night  ',
      description: 'Questions for the youth team',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      title: 'Youth night',
      description: 'Questions for the youth team',
      type: 'live',
      max_questions: 100,
      is_active: true,
      created_at: expect.any(String),
      question_count: 0,
      moderation: 'open',
      filter_words: [],
      pending_count: 0,
    });
    const [stored] = await qna.app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, answer.body.id));
    expect(stored).toMatchObject({ title: 'Youth night', type: 'live', maxQuestions: 100, isActive: true });
    expect(stored!.createdAt.toISOString()).toBe(answer.body.created_at);
  });

  it('lists every session newest first, inactive ones too, counting their real questions', async () => {
    const older = await qna.createSession({ title: 'Older', type: 'webinar', max_questions: 3 });
    const newer = await qna.createSession({ title: 'Newer', is_active: false, type: 'meeting' });
    await ask(older, 'Why?');
    await ask(older, 'How?');

    const answer = await qna.asStaff('GET', '/api/qna/sessions/');
    expect(answer.status).toBe(200);
    const ids = answer.body.map((row: { id: string }) => row.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const byId = Object.fromEntries(answer.body.map((row: { id: string }) => [row.id, row]));
    expect(byId[older]).toMatchObject({ title: 'Older', type: 'webinar', max_questions: 3, question_count: 2 });
    expect(byId[newer]).toMatchObject({ title: 'Newer', type: 'meeting', is_active: false, question_count: 0 });
    expect(answer.body).toHaveLength(await qna.app.ctx.db.$count(qnaSessions));
  });

  it('edits a session and answers it with its question count', async () => {
    const session = await qna.createSession();
    await ask(session, 'Is there coffee?');
    const answer = await qna.asStaff('PUT', `/api/qna/sessions/${session}/`, {
      title: 'Conference Q&A',
      description: 'Main hall',
      type: 'conference',
      max_questions: '25',
      is_active: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: session,
      title: 'Conference Q&A',
      description: 'Main hall',
      type: 'conference',
      max_questions: 25,
      is_active: false,
      question_count: 1,
    });
    const [stored] = await qna.app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, session));
    expect(stored).toMatchObject({ title: 'Conference Q&A', type: 'conference', maxQuestions: 25, isActive: false });
    expect((await qna.app.call('GET', `${publicSessionPath(session)}/`)).status).toBe(404);
  });

  it('ends a session: the session and its questions are gone and its public page answers 404', async () => {
    const session = await qna.createSession();
    const kept = await qna.createSession();
    await ask(session, 'First');
    await ask(session, 'Second');
    await ask(kept, 'Elsewhere');
    expect(await questionsOf(session)).toHaveLength(2);

    const answer = await qna.asStaff('DELETE', `/api/qna/sessions/${session}/`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(await qna.app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, session))).toEqual([]);
    expect(await questionsOf(session)).toEqual([]);
    expect(await questionsOf(kept)).toHaveLength(1);
    expect((await qna.app.call('GET', `${publicSessionPath(session)}/`)).status).toBe(404);
    expect((await qna.asStaff('DELETE', `/api/qna/sessions/${session}/`)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed session id', async () => {
    const form = { title: 'T', description: 'D' };
    for (const id of [missingId, 'not-a-uuid', '42']) {
      for (const answer of [
        await qna.asStaff('PUT', `/api/qna/sessions/${id}/`, form),
        await qna.asStaff('DELETE', `/api/qna/sessions/${id}/`),
      ]) {
        expect(answer.status, id).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
    expect(await qna.app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.title, 'T'))).toEqual([]);
  });

  it('refuses each invalid field with its own message and stores nothing', async () => {
    const before = await qna.app.ctx.db.$count(qnaSessions);
    const refused = async (body: unknown) => {
      const answer = await qna.asStaff('POST', '/api/qna/sessions/', body);
      expect(answer.status).toBe(400);
      return answer.body;
    };
    expect(await refused({})).toEqual({
      title: ['This field is required.'],
      description: ['This field is required.'],
    });
    expect(await refused({ title: '   ', description: 'D' })).toEqual({ title: ['This field may not be blank.'] });
    expect(await refused({ title: 'T', description: 'D', max_questions: 0 })).toEqual({
      max_questions: ['Ensure this value is greater than or equal to 1.'],
    });
    expect(await refused({ title: 'T', description: 'D', max_questions: 2.5 })).toEqual({
      max_questions: ['A valid integer is required.'],
    });
    expect(await refused({ title: 'T', description: 'D', max_questions: 'many' })).toEqual({
      max_questions: ['A valid integer is required.'],
    });
    const badType = await refused({ title: 'T', description: 'D', type: 'podcast', is_active: 'yes' });
    expect(badType.type[0]).toContain('"podcast" is not a valid choice');
    expect(badType.is_active).toEqual(['Must be true or false.']);
    expect(await refused({ title: 'x'.repeat(201), description: 'D' })).toEqual({
      title: ['Ensure this field has no more than 200 characters.'],
    });
    expect(await qna.app.ctx.db.$count(qnaSessions)).toBe(before);

    const session = await qna.createSession();
    const edit = await qna.asStaff('PUT', `/api/qna/sessions/${session}/`, { title: '', description: 'D' });
    expect(edit).toMatchObject({ status: 400, body: { title: ['This field may not be blank.'] } });
    const [stored] = await qna.app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, session));
    expect(stored!.title).toBe('Sunday Q&A');
  });

  it('needs a staff session to list or create sessions', async () => {
    expect((await qna.app.call('GET', '/api/qna/sessions/')).status).toBe(401);
    const create = await qna.app.call(
      'POST',
      '/api/qna/sessions/',
      { title: 'T', description: 'D' },
      { origin: qna.app.url },
    );
    expect(create.status).toBe(401);
  });
});

describe('moderating questions', () => {
  it('sets a question status and shows it in the question list', async () => {
    const session = await qna.createSession();
    const questionId = await ask(session, 'What time is lunch?');
    for (const status of ['reading', 'skipped', 'answered', 'new']) {
      const answer = await qna.asStaff('PUT', statusUrl(session, questionId), { status });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        id: questionId,
        text: 'What time is lunch?',
        category: 'general',
        name: 'Anonymous',
        status,
        created_at: expect.any(String),
        timestamp: answer.body.created_at,
        votes: 0,
        flagged: false,
      });
      const [stored] = await qna.app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.id, questionId));
      expect(stored!.status).toBe(status);
    }
    await qna.asStaff('PUT', statusUrl(session, questionId), { status: 'reading' });
    const listed = await qna.app.call('GET', `${publicSessionPath(session)}/questions/`);
    expect(listed.body).toEqual([expect.objectContaining({ id: questionId, status: 'reading' })]);
  });

  it("refuses another session's question (404), an unknown status (400) and a visitor (401)", async () => {
    const session = await qna.createSession();
    const other = await qna.createSession();
    const questionId = await ask(other, 'Not yours');

    const wrongSession = await qna.asStaff('PUT', statusUrl(session, questionId), { status: 'answered' });
    expect(wrongSession).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    for (const [sessionId, id] of [
      [session, 999999],
      [missingId, questionId],
      ['nope', questionId],
      [other, 'abc'],
    ] as const) {
      expect((await qna.asStaff('PUT', statusUrl(sessionId, id), { status: 'answered' })).status).toBe(404);
    }

    const badStatus = await qna.asStaff('PUT', statusUrl(other, questionId), { status: 'archived' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.status[0]).toContain('"archived" is not a valid choice');
    expect(await qna.asStaff('PUT', statusUrl(other, questionId), {})).toMatchObject({
      status: 400,
      body: { status: ['This field is required.'] },
    });

    const visitor = await qna.app.call(
      'PUT',
      statusUrl(other, questionId),
      { status: 'answered' },
      { origin: qna.app.url },
    );
    expect(visitor.status).toBe(401);
    const [stored] = await qna.app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.id, questionId));
    expect(stored!.status).toBe('new');
  });

  it('deletes a question, and answers 404 for one that is gone or malformed', async () => {
    const session = await qna.createSession();
    const doomed = await ask(session, 'Delete me');
    const kept = await ask(session, 'Keep me');

    const answer = await qna.asStaff('DELETE', `/api/qna/questions/${doomed}/`);
    expect(answer.status).toBe(204);
    expect((await questionsOf(session)).map((question) => question.id)).toEqual([kept]);

    for (const id of [doomed, 'abc', '0']) {
      expect(await qna.asStaff('DELETE', `/api/qna/questions/${id}/`)).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
    const listed = await qna.asStaff('GET', '/api/qna/sessions/');
    expect(listed.body.find((row: { id: string }) => row.id === session).question_count).toBe(1);
  });

  it('gives a full session room for one more question when one is deleted', async () => {
    const session = await qna.createSession({ max_questions: 2 });
    const first = await ask(session, 'First');
    await ask(session, 'Second');
    expect((await qna.app.call('POST', `${publicSessionPath(session)}/submit/`, { text: 'Third' })).status).toBe(400);

    expect((await qna.asStaff('DELETE', `/api/qna/questions/${first}/`)).status).toBe(204);
    await ask(session, 'Third');
    expect((await qna.app.call('POST', `${publicSessionPath(session)}/submit/`, { text: 'Fourth' })).status).toBe(400);
    expect((await questionsOf(session)).map((question) => question.text).sort()).toEqual(['Second', 'Third']);
  });
});
