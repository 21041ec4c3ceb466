import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { startTestApp, type TestApp } from '../../support/app.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;
beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(() => app.close());

const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const asStaff = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);
const publicBase = (id: string) => `/api/qna/public/sessions/${id}`;
const statusUrl = (sessionId: string, questionId: number | string) =>
  `${publicBase(sessionId)}/questions/${questionId}/status/`;

async function createSession(body: Record<string, unknown> = {}) {
  const answer = await asStaff('POST', '/api/qna/sessions/', {
    title: 'Sunday Q&A',
    description: 'Ask the pastors',
    ...body,
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; title: string };
}

async function ask(sessionId: string, text: string): Promise<number> {
  const answer = await app.call('POST', `${publicBase(sessionId)}/submit/`, { text });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const questionsOf = (sessionId: string) =>
  app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, sessionId));

describe('staff Q&A sessions', () => {
  it('creates a session with the defaults and stores it', async () => {
    const answer = await asStaff('POST', '/api/qna/sessions/', {
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
    const [stored] = await app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, answer.body.id));
    expect(stored).toMatchObject({ title: 'Youth night', type: 'live', maxQuestions: 100, isActive: true });
    expect(stored!.createdAt.toISOString()).toBe(answer.body.created_at);
  });

  it('lists every session newest first, inactive ones too, counting their real questions', async () => {
    const older = await createSession({ title: 'Older', type: 'webinar', max_questions: 3 });
    const newer = await createSession({ title: 'Newer', is_active: false, type: 'meeting' });
    await ask(older.id, 'Why?');
    await ask(older.id, 'How?');

    const answer = await asStaff('GET', '/api/qna/sessions/');
    expect(answer.status).toBe(200);
    const ids = answer.body.map((session: { id: string }) => session.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const byId = Object.fromEntries(answer.body.map((session: { id: string }) => [session.id, session]));
    expect(byId[older.id]).toMatchObject({ title: 'Older', type: 'webinar', max_questions: 3, question_count: 2 });
    expect(byId[newer.id]).toMatchObject({ title: 'Newer', type: 'meeting', is_active: false, question_count: 0 });
    expect(answer.body).toHaveLength(await app.ctx.db.$count(qnaSessions));
  });

  it('edits a session and answers it with its question count', async () => {
    const session = await createSession();
    await ask(session.id, 'Is there coffee?');
    const answer = await asStaff('PUT', `/api/qna/sessions/${session.id}/`, {
      title: 'Conference Q&A',
      description: 'Main hall',
      type: 'conference',
      max_questions: '25',
      is_active: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: session.id,
      title: 'Conference Q&A',
      description: 'Main hall',
      type: 'conference',
      max_questions: 25,
      is_active: false,
      question_count: 1,
    });
    const [stored] = await app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, session.id));
    expect(stored).toMatchObject({ title: 'Conference Q&A', type: 'conference', maxQuestions: 25, isActive: false });
    expect((await app.call('GET', `${publicBase(session.id)}/`)).status).toBe(404);
  });

  it('ends a session: the session and its questions are gone and its public page answers 404', async () => {
    const session = await createSession();
    const kept = await createSession();
    await ask(session.id, 'First');
    await ask(session.id, 'Second');
    await ask(kept.id, 'Elsewhere');
    expect(await questionsOf(session.id)).toHaveLength(2);

    const answer = await asStaff('DELETE', `/api/qna/sessions/${session.id}/`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(await app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, session.id))).toEqual([]);
    expect(await questionsOf(session.id)).toEqual([]);
    expect(await questionsOf(kept.id)).toHaveLength(1);
    expect((await app.call('GET', `${publicBase(session.id)}/`)).status).toBe(404);
    expect((await asStaff('DELETE', `/api/qna/sessions/${session.id}/`)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed session id', async () => {
    const form = { title: 'T', description: 'D' };
    for (const id of [missingId, 'not-a-uuid', '42']) {
      for (const answer of [
        await asStaff('PUT', `/api/qna/sessions/${id}/`, form),
        await asStaff('DELETE', `/api/qna/sessions/${id}/`),
      ]) {
        expect(answer.status, id).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
    expect(await app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.title, 'T'))).toEqual([]);
  });

  it('refuses each invalid field with its own message and stores nothing', async () => {
    const before = await app.ctx.db.$count(qnaSessions);
    const refused = async (body: unknown) => {
      const answer = await asStaff('POST', '/api/qna/sessions/', body);
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
    expect(await app.ctx.db.$count(qnaSessions)).toBe(before);

    const session = await createSession();
    const edit = await asStaff('PUT', `/api/qna/sessions/${session.id}/`, { title: '', description: 'D' });
    expect(edit).toMatchObject({ status: 400, body: { title: ['This field may not be blank.'] } });
    const [stored] = await app.ctx.db.select().from(qnaSessions).where(eq(qnaSessions.id, session.id));
    expect(stored!.title).toBe('Sunday Q&A');
  });

  it('needs a staff session to list or create sessions', async () => {
    expect((await app.call('GET', '/api/qna/sessions/')).status).toBe(401);
    const create = await app.call('POST', '/api/qna/sessions/', { title: 'T', description: 'D' }, { origin: app.url });
    expect(create.status).toBe(401);
  });
});

describe('moderating questions', () => {
  it('sets a question status and shows it in the question list', async () => {
    const session = await createSession();
    const questionId = await ask(session.id, 'What time is lunch?');
    for (const status of ['reading', 'skipped', 'answered', 'new']) {
      const answer = await asStaff('PUT', statusUrl(session.id, questionId), { status });
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
      const [stored] = await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.id, questionId));
      expect(stored!.status).toBe(status);
    }
    await asStaff('PUT', statusUrl(session.id, questionId), { status: 'reading' });
    const listed = await app.call('GET', `${publicBase(session.id)}/questions/`);
    expect(listed.body).toEqual([expect.objectContaining({ id: questionId, status: 'reading' })]);
  });

  it("refuses another session's question (404), an unknown status (400) and a visitor (401)", async () => {
    const session = await createSession();
    const other = await createSession();
    const questionId = await ask(other.id, 'Not yours');

    const wrongSession = await asStaff('PUT', statusUrl(session.id, questionId), { status: 'answered' });
    expect(wrongSession).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    for (const [sessionId, id] of [
      [session.id, 999999],
      [missingId, questionId],
      ['nope', questionId],
      [other.id, 'abc'],
    ] as const) {
      expect((await asStaff('PUT', statusUrl(sessionId, id), { status: 'answered' })).status).toBe(404);
    }

    const badStatus = await asStaff('PUT', statusUrl(other.id, questionId), { status: 'archived' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.status[0]).toContain('"archived" is not a valid choice');
    expect(await asStaff('PUT', statusUrl(other.id, questionId), {})).toMatchObject({
      status: 400,
      body: { status: ['This field is required.'] },
    });

    const visitor = await app.call('PUT', statusUrl(other.id, questionId), { status: 'answered' }, { origin: app.url });
    expect(visitor.status).toBe(401);
    const [stored] = await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.id, questionId));
    expect(stored!.status).toBe('new');
  });

  it('deletes a question, and answers 404 for one that is gone or malformed', async () => {
    const session = await createSession();
    const doomed = await ask(session.id, 'Delete me');
    const kept = await ask(session.id, 'Keep me');

    const answer = await asStaff('DELETE', `/api/qna/questions/${doomed}/`);
    expect(answer.status).toBe(204);
    expect((await questionsOf(session.id)).map((question) => question.id)).toEqual([kept]);

    for (const id of [doomed, 'abc', '0']) {
      expect(await asStaff('DELETE', `/api/qna/questions/${id}/`)).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
    const listed = await asStaff('GET', '/api/qna/sessions/');
    expect(listed.body.find((row: { id: string }) => row.id === session.id).question_count).toBe(1);
  });

  it('gives a full session room for one more question when one is deleted', async () => {
    const session = await createSession({ max_questions: 2 });
    const first = await ask(session.id, 'First');
    await ask(session.id, 'Second');
    expect((await app.call('POST', `${publicBase(session.id)}/submit/`, { text: 'Third' })).status).toBe(400);

    expect((await asStaff('DELETE', `/api/qna/questions/${first}/`)).status).toBe(204);
    await ask(session.id, 'Third');
    expect((await app.call('POST', `${publicBase(session.id)}/submit/`, { text: 'Fourth' })).status).toBe(400);
    expect((await questionsOf(session.id)).map((question) => question.text).sort()).toEqual(['Second', 'Third']);
  });
});
