import { eq } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaQuestions, qnaSessions } from '@gather/server/platform/database/schema/qna';
import { startTestApp, type Answer, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';

let app: TestApp;
/** Holds the lock a slow question waits for, like a disk that takes its time with one write. */
let holder: PoolClient;
const SLOW_WRITE_LOCK = 4242;

beforeAll(async () => {
  app = await startTestApp();
  holder = await app.ctx.pool.connect();
  // In this file's own database only: storing a question whose text starts with "Slow" waits for the holder.
  await holder.query(`
    CREATE FUNCTION wait_for_slow_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.text LIKE 'Slow%' THEN PERFORM pg_advisory_xact_lock(${SLOW_WRITE_LOCK}); END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER slow_write BEFORE INSERT ON qna_questions FOR EACH ROW EXECUTE FUNCTION wait_for_slow_write();`);
});
afterAll(async () => {
  holder?.release();
  await app?.close();
});

const submit = (sessionId: string, text: string) =>
  app.call('POST', `/api/qna/public/sessions/${sessionId}/submit/`, { text });

describe('a busy Q&A session', () => {
  it('takes the next visitor’s question while an earlier one to the same session is still being stored', async () => {
    const [sunday] = await app.ctx.db
      .insert(qnaSessions)
      .values({ title: 'Sunday Q&A', description: 'Ask the pastors', maxQuestions: 2 })
      .returning();
    await holder.query('SELECT pg_advisory_lock($1)', [SLOW_WRITE_LOCK]);
    let slow: Promise<Answer> | undefined;
    let quickCall: Promise<unknown> | undefined;
    try {
      slow = submit(sunday!.id, 'Slow: how do I join a home group?');
      await eventually(async () => {
        const { rows } = await holder.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        return rows.length > 0;
      }, 'the slow question waiting to be stored');

      let quick: Answer | undefined;
      quickCall = submit(sunday!.id, 'Is there parking nearby?').then((answer) => (quick = answer));
      await eventually(async () => quick, 'the quick question answered', 10_000);
      expect(quick!.status).toBe(201);
      // The slow question still holds its place: the session is full.
      expect((await submit(sunday!.id, 'One more?')).status).toBe(400);
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [SLOW_WRITE_LOCK]);
      await Promise.allSettled([slow, quickCall]);
    }
    expect((await slow).status).toBe(201);
    const stored = await app.ctx.db.select().from(qnaQuestions).where(eq(qnaQuestions.sessionId, sunday!.id));
    expect(stored.map((question) => question.text).sort()).toEqual([
      'Is there parking nearby?',
      'Slow: how do I join a home group?',
    ]);
  });
});
