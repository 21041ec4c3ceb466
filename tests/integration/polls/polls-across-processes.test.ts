import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaPollAnswers } from '@gather/server/platform/database/schema/polls';
import { startTestApp, type TestApp } from '../../support/app.js';
import { connectLive, type LiveClient, type StaffSocket } from '../../support/live.js';
import { answerPath, phone, poll, qnaSession, resultsPath } from '../../support/polls.js';
import { SiteProcesses, sharedEnv, type SiteProcess } from '../../support/site-process.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

/** Owns the database and the staff's screen; the phones answer through two API processes of their own. */
let owner: TestApp;
let staff: Staff;
const processes = new SiteProcesses(() => sharedEnv(owner));
let first: SiteProcess;
let second: SiteProcess;
let screen: LiveClient<StaffSocket> | undefined;

beforeAll(async () => {
  owner = await startTestApp();
  staff = await signInAsStaff(owner);
  [first, second] = await Promise.all([processes.api(), processes.api()]);
});
afterAll(async () => {
  screen?.close();
  await processes.stopAll();
  await owner?.close();
});

const answer = (on: SiteProcess, pollId: string, cookie: Record<string, string>, choices: number[]) =>
  fetch(`${on.url}${answerPath(pollId)}`, {
    method: 'POST',
    headers: { ...cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ choices }),
  });

const storedAnswers = (pollId: string) => owner.ctx.db.$count(qnaPollAnswers, eq(qnaPollAnswers.pollId, pollId));

describe('one poll on several API processes', () => {
  it('counts 20 parallel taps from one phone, split over two processes and changing its choice, once', async () => {
    const sunday = await qnaSession(owner, staff);
    const series = await poll(owner, staff, sunday, {
      question: 'Next series?',
      type: 'choice',
      options: ['Ruth', 'Acts'],
    });
    const cookie = await phone(first, sunday);

    const taps = await Promise.all(
      Array.from({ length: 20 }, (_, index) => answer(index % 2 ? second : first, series.id, cookie, [index % 2])),
    );
    expect(taps.map((tap) => tap.status)).toEqual(Array(20).fill(200));
    expect(await storedAnswers(series.id)).toBe(1);
    const { counts, total } = (await owner.call('GET', resultsPath(series.id), undefined, staff.headers)).body;
    expect(total).toBe(1);
    expect(counts[0] + counts[1]).toBe(1);
  });

  it('brings answers taken by either process to the projector on the other, and the last results are the stored ones', async () => {
    const sunday = await qnaSession(owner, staff);
    const rating = await poll(owner, staff, sunday, { question: 'How helpful?', type: 'rating' });
    screen = await connectLive<StaffSocket>(owner, 'staff', { extraHeaders: { cookie: staff.headers.cookie! } });
    expect(await screen.socket.emitWithAck('qna:join', sunday)).toEqual({ ok: true });

    const phones = await Promise.all(Array.from({ length: 30 }, () => phone(first, sunday)));
    const answers = await Promise.all(
      phones.map((cookie, index) => answer(index % 2 ? second : first, rating.id, cookie, [index % 5])),
    );
    expect(answers.map((each) => each.status)).toEqual(Array(30).fill(200));

    const settled = await screen.next('poll:results', ({ results }) => results.total === 30);
    expect(settled.results).toMatchObject({ poll_id: rating.id, counts: [6, 6, 6, 6, 6], average: 3 });
  });
});
