import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaQuestions, qnaSessions, qnaVotes } from '@gather/server/platform/database/schema/qna';
import { startTestApp, type TestApp } from '../../support/app.js';
import { SiteProcesses, sharedEnv, type SiteProcess } from '../../support/site-process.js';

/** Owns the database; the API processes voted on are children, one of which is killed mid-vote. */
let owner: TestApp;
const processes = new SiteProcesses(() => sharedEnv(owner));
let first: SiteProcess;
let second: SiteProcess;
let doomed: SiteProcess;

beforeAll(async () => {
  owner = await startTestApp();
  [first, second, doomed] = await Promise.all([processes.api(), processes.api(), processes.api()]);
});
afterAll(async () => {
  await processes.stopAll();
  await owner?.close();
});

const base = (sessionId: string) => `/api/qna/public/sessions/${sessionId}`;

async function liveQuestion(): Promise<{ sessionId: string; questionId: number }> {
  const [session] = await owner.ctx.db
    .insert(qnaSessions)
    .values({ title: 'Sunday Q&A', description: 'Ask' })
    .returning();
  const [question] = await owner.ctx.db
    .insert(qnaQuestions)
    .values({ sessionId: session!.id, text: 'Will there be a creche?' })
    .returning();
  return { sessionId: session!.id, questionId: question!.id };
}

/** A phone on the question page of `on`: its device cookie. */
async function phone(on: SiteProcess, sessionId: string): Promise<string> {
  const visit = await fetch(`${on.url}${base(sessionId)}/questions/`);
  expect(visit.status).toBe(200);
  return visit.headers
    .getSetCookie()
    .find((line) => line.startsWith('gather_device='))!
    .split(';')[0]!;
}

const vote = (on: SiteProcess, sessionId: string, questionId: number, cookie: string) =>
  fetch(`${on.url}${base(sessionId)}/questions/${questionId}/vote/`, { method: 'POST', headers: { cookie } });

const storedVotes = (questionId: number) => owner.ctx.db.$count(qnaVotes, eq(qnaVotes.questionId, questionId));

describe('votes on several API processes', () => {
  it('counts 20 parallel taps from one phone, split over two processes, once', async () => {
    const { sessionId, questionId } = await liveQuestion();
    const cookie = await phone(first, sessionId);

    const taps = await Promise.all(
      Array.from({ length: 20 }, (_, index) => vote(index % 2 ? second : first, sessionId, questionId, cookie)),
    );
    const answers = await Promise.all(taps.map((tap) => tap.json() as Promise<{ votes: number; voted: boolean }>));
    expect(taps.map((tap) => tap.status)).toEqual(Array(20).fill(200));
    expect(answers.map(({ votes, voted }) => [votes, voted])).toEqual(Array(20).fill([1, true]));
    expect(await storedVotes(questionId)).toBe(1);
  });

  it('keeps every vote it answered when its API process is killed half-way through a burst', async () => {
    const survivor = second;
    const { sessionId, questionId } = await liveQuestion();
    const phones = await Promise.all(Array.from({ length: 200 }, () => phone(survivor, sessionId)));

    const acknowledged: number[] = [];
    const calls = phones.map((cookie) =>
      vote(doomed, sessionId, questionId, cookie).then(
        async (answer) => {
          if (answer.status === 200) acknowledged.push(((await answer.json()) as { votes: number }).votes);
        },
        () => undefined, // cut off by the kill: never told its vote counted
      ),
    );
    // Killed while votes are still arriving, once some have been answered.
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    doomed.child.kill('SIGKILL');
    await Promise.all(calls);

    const stored = await storedVotes(questionId);
    // The kill cut some votes off: the test saw a process die half-way, not after the last answer.
    expect(acknowledged.length).toBeLessThan(phones.length);
    expect(stored).toBeGreaterThanOrEqual(acknowledged.length);
    // The other process answers the count of the votes kept, to every phone.
    const list = await fetch(`${survivor.url}${base(sessionId)}/questions/`, { headers: { cookie: phones[0]! } });
    const [shown] = (await list.json()) as Array<{ id: number; votes: number }>;
    expect(shown).toMatchObject({ id: questionId, votes: stored });
  });
});
