import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { startTestApp, type TestApp } from '../../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function session(values: Partial<typeof qnaSessions.$inferInsert> = {}) {
  const [created] = await app.ctx.db
    .insert(qnaSessions)
    .values({ title: 'Sunday Q&A', description: 'Ask the pastors', ...values })
    .returning();
  return created!;
}

const base = (id: string) => `/api/qna/public/sessions/${id}`;
const missingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

describe('public Q&A session', () => {
  it('answers an active session', async () => {
    const sunday = await session({ type: 'conference', maxQuestions: 40 });
    const answer = await app.call('GET', `${base(sunday.id)}/`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: sunday.id,
      title: 'Sunday Q&A',
      description: 'Ask the pastors',
      type: 'conference',
      is_active: true,
      max_questions: 40,
    });
  });

  it('answers 404 for a missing, malformed or inactive session, on every public call', async () => {
    const ended = await session({ isActive: false });
    for (const id of [missingId, 'not-a-uuid', '123', ended.id]) {
      for (const [method, suffix, body] of [
        ['GET', '/', undefined],
        ['GET', '/questions/', undefined],
        ['POST', '/submit/', { text: 'Hello?' }],
      ] as const) {
        const answer = await app.call(method, `${base(id)}${suffix}`, body);
        expect(answer.status, `${method} ${id}${suffix}`).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
    expect(await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, ended.id))).toEqual([]);
  });
});

describe('submitting a question', () => {
  it('stores a trimmed question and answers it as created', async () => {
    const sunday = await session();
    const answer = await app.call('POST', `${base(sunday.id)}/submit/`, {
      text: '  What does grace mean?  ',
      category: 'faith',
      name: '  Ruth  ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      text: 'What does grace mean?',
      category: 'faith',
      name: 'Ruth',
      status: 'new',
      created_at: expect.any(String),
      timestamp: answer.body.created_at,
      votes: 0,
      voted: false,
    });
    const [stored] = await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.id, answer.body.id));
    expect(stored).toMatchObject({
      sessionId: sunday.id,
      text: 'What does grace mean?',
      category: 'faith',
      name: 'Ruth',
    });
    expect(stored!.createdAt.toISOString()).toBe(answer.body.created_at);
  });

  it("names the asker 'Anonymous' and files under general when they leave those out", async () => {
    const sunday = await session();
    for (const body of [{ text: 'One' }, { text: 'Two', name: '   ', category: '' }, { text: 'Three', name: null }]) {
      const answer = await app.call('POST', `${base(sunday.id)}/submit/`, body);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ name: 'Anonymous', category: 'general', status: 'new' });
    }
  });

  it('refuses a blank or overlong question, an overlong name and an unknown category', async () => {
    const sunday = await session();
    const submit = (body: unknown) => app.call('POST', `${base(sunday.id)}/submit/`, body);

    expect(await submit({ text: '   ' })).toMatchObject({
      status: 400,
      body: { text: ['This field may not be blank.'] },
    });
    expect(await submit({ name: 'Ruth' })).toMatchObject({ status: 400, body: { text: ['This field is required.'] } });
    expect(await submit({ text: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { text: ['Ensure this field has no more than 500 characters.'] },
    });
    expect(await submit({ text: 'Hi', name: 'n'.repeat(101) })).toMatchObject({
      status: 400,
      body: { name: ['Ensure this field has no more than 100 characters.'] },
    });
    const badCategory = await submit({ text: 'Hi', category: 'politics' });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.category[0]).toContain('"politics" is not a valid choice');

    expect((await submit({ text: 'x'.repeat(500) })).status).toBe(201);
    expect(await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, sunday.id))).toHaveLength(1);
  });

  it('lists the questions of a session newest first, without those of other sessions', async () => {
    const sunday = await session();
    const other = await session();
    for (const text of ['First', 'Second', 'Third']) {
      expect((await app.call('POST', `${base(sunday.id)}/submit/`, { text, category: 'church' })).status).toBe(201);
    }
    await app.call('POST', `${base(other.id)}/submit/`, { text: 'Elsewhere' });

    const answer = await app.call('GET', `${base(sunday.id)}/questions/`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((question: { text: string }) => question.text)).toEqual(['Third', 'Second', 'First']);
    expect(Object.keys(answer.body[0]).sort()).toEqual(
      ['category', 'created_at', 'id', 'name', 'status', 'text', 'timestamp', 'votes', 'voted'].sort(),
    );
  });

  it('refuses questions once the session has reached max_questions', async () => {
    const small = await session({ maxQuestions: 2 });
    for (const text of ['One', 'Two']) {
      expect((await app.call('POST', `${base(small.id)}/submit/`, { text })).status).toBe(201);
    }
    const full = await app.call('POST', `${base(small.id)}/submit/`, { text: 'Three' });
    expect(full.status).toBe(400);
    expect(full.body).toEqual({ detail: 'This session has reached its limit of 2 questions.' });
    expect(await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, small.id))).toHaveLength(2);
  });

  it('stores exactly max_questions when many visitors submit at the same moment', async () => {
    const busy = await session({ maxQuestions: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => app.call('POST', `${base(busy.id)}/submit/`, { text: `Question ${n}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(15);
    expect(await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, busy.id))).toHaveLength(5);
  });
});
