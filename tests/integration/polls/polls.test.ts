import { BLANK, NO_PERMISSION, REQUIRED, type StaffPoll } from '@gather/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qnaPollAnswers, qnaPolls } from '@gather/server/platform/database/schema/polls';
import { startTestApp, type TestApp } from '../../support/app.js';
import { answerPath, phone, poll, qnaSession, resultsPath } from '../../support/polls.js';
import { signInAsStaff, type Staff } from '../../support/staff.js';

let app: TestApp;
let staff: Staff;

beforeAll(async () => {
  app = await startTestApp();
  staff = await signInAsStaff(app);
});
afterAll(async () => {
  await app?.close();
});

const asStaff = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);
const storedAnswers = (pollId: string) => app.ctx.db.$count(qnaPollAnswers, eq(qnaPollAnswers.pollId, pollId));
const results = async (pollId: string) => (await asStaff('GET', resultsPath(pollId))).body;

describe('preparing and launching polls', () => {
  it('prepares drafts oldest first, gives a rating 1 to 5, and keeps one poll of a session open', async () => {
    const sunday = await qnaSession(app, staff);
    const series = await poll(
      app,
      staff,
      sunday,
      { question: 'Next series?', type: 'choice', options: ['Ruth', 'Acts'] },
      false,
    );
    const rating = await poll(app, staff, sunday, { question: 'How helpful was tonight?', type: 'rating' }, false);
    expect(series).toMatchObject({ status: 'draft', revealed: false, answer_count: 0, options: ['Ruth', 'Acts'] });
    expect(rating.options).toEqual(['1', '2', '3', '4', '5']);
    const listed = await asStaff('GET', `/api/qna/sessions/${sunday}/polls/`);
    expect(listed.body.map((listedPoll: StaffPoll) => listedPoll.id)).toEqual([series.id, rating.id]);

    expect((await asStaff('POST', `/api/qna/polls/${series.id}/open/`)).body).toMatchObject({ status: 'open' });
    expect((await asStaff('POST', `/api/qna/polls/${rating.id}/open/`)).body).toMatchObject({ status: 'open' });
    const after = (await asStaff('GET', `/api/qna/sessions/${sunday}/polls/`)).body as StaffPoll[];
    expect(after.map((each) => each.status)).toEqual(['closed', 'open']);

    // A closed poll may be opened again, which closes the other.
    expect((await asStaff('POST', `/api/qna/polls/${series.id}/open/`)).body).toMatchObject({ status: 'open' });
    const active = await app.call('GET', `/api/qna/public/sessions/${sunday}/polls/active/`);
    expect(active.body.poll).toMatchObject({ id: series.id, status: 'open', my_answer: null, results: null });
    expect(active.body.poll).not.toHaveProperty('answer_count');
  });

  it('leaves one poll open when staff on two screens launch two at the same moment', async () => {
    const sunday = await qnaSession(app, staff);
    const drafts = await Promise.all(
      ['A', 'B', 'C'].map((name) => poll(app, staff, sunday, { question: name, type: 'text' }, false)),
    );
    const launches = await Promise.all(
      [...drafts, ...drafts].map((draft) => asStaff('POST', `/api/qna/polls/${draft.id}/open/`)),
    );
    expect(launches.map((launch) => launch.status)).toEqual(Array(6).fill(200));
    const after = (await asStaff('GET', `/api/qna/sessions/${sunday}/polls/`)).body as StaffPoll[];
    expect(after.filter((each) => each.status === 'open')).toHaveLength(1);
  });

  it('deletes a poll with its answers, and a session with its polls', async () => {
    const sunday = await qnaSession(app, staff);
    const words = await poll(app, staff, sunday, { question: 'One word for today', type: 'words' });
    const device = await phone(app, sunday);
    expect((await app.call('POST', answerPath(words.id), { text: 'grace' }, device)).status).toBe(200);
    expect((await asStaff('DELETE', `/api/qna/polls/${words.id}/`)).status).toBe(204);
    expect(await storedAnswers(words.id)).toBe(0);
    expect((await asStaff('GET', resultsPath(words.id))).status).toBe(404);

    const kept = await poll(app, staff, sunday, {
      question: 'Stay for lunch?',
      type: 'choice',
      options: ['Yes', 'No'],
    });
    expect((await asStaff('DELETE', `/api/qna/sessions/${sunday}/`)).status).toBe(204);
    expect(await app.ctx.db.$count(qnaPolls, eq(qnaPolls.id, kept.id))).toBe(0);
  });

  it('refuses a bad poll with per-field messages', async () => {
    const sunday = await qnaSession(app, staff);
    const path = `/api/qna/sessions/${sunday}/polls/`;
    const none = await asStaff('POST', path, {});
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ question: [REQUIRED], type: [expect.any(String)] });
    const fewOptions = await asStaff('POST', path, { question: 'Which?', type: 'multi', options: ['Only one'] });
    expect(fewOptions.body).toEqual({ options: ['Give at least 2 options.'] });
    const wordsWithOptions = await asStaff('POST', path, { question: 'A word', type: 'words', options: ['a', 'b'] });
    expect(wordsWithOptions.body).toEqual({ options: ['A words poll has no options.'] });
    expect(
      (
        await asStaff('POST', '/api/qna/sessions/00000000-0000-4000-8000-000000000000/polls/', {
          question: 'Q',
          type: 'text',
        })
      ).status,
    ).toBe(404);
  });

  it('is only for staff holding the live role', async () => {
    const sunday = await qnaSession(app, staff);
    const draft = await poll(app, staff, sunday, { question: 'Which?', type: 'choice', options: ['A', 'B'] }, false);
    const editor = await signInAsStaff(app, { roles: ['content'] });
    const live = await signInAsStaff(app, { roles: ['live'] });
    const calls: Array<[string, string]> = [
      ['GET', `/api/qna/sessions/${sunday}/polls/`],
      ['POST', `/api/qna/polls/${draft.id}/open/`],
      ['GET', resultsPath(draft.id)],
    ];
    for (const [method, path] of calls) {
      expect((await app.call(method, path)).status, `${method} ${path} signed out`).toBe(401);
      const refused = await app.call(method, path, undefined, editor.headers);
      expect([refused.status, refused.body.detail], `${method} ${path} as an editor`).toEqual([403, NO_PERMISSION]);
      expect((await app.call(method, path, undefined, live.headers)).status, `${method} ${path} as live`).toBe(200);
    }
  });
});

describe('answering', () => {
  it('counts 20 parallel taps from one phone once, and a changed answer once, moved to its new option', async () => {
    const sunday = await qnaSession(app, staff);
    const series = await poll(app, staff, sunday, {
      question: 'Next series?',
      type: 'choice',
      options: ['Ruth', 'Acts', 'Psalms'],
    });
    const [mine, yours] = [await phone(app, sunday), await phone(app, sunday)];

    const taps = await Promise.all(
      Array.from({ length: 20 }, () => app.call('POST', answerPath(series.id), { choices: [1] }, mine)),
    );
    expect(taps.map((tap) => tap.status)).toEqual(Array(20).fill(200));
    expect(taps[0]!.body).toEqual({ poll_id: series.id, my_answer: { choices: [1], text: '' } });
    expect(await storedAnswers(series.id)).toBe(1);
    await app.call('POST', answerPath(series.id), { choices: [1] }, yours);
    expect(await results(series.id)).toMatchObject({ total: 2, counts: [0, 2, 0] });

    const changed = await app.call('POST', answerPath(series.id), { choices: [2] }, mine);
    expect(changed.body.my_answer).toEqual({ choices: [2], text: '' });
    expect(await results(series.id)).toMatchObject({ total: 2, counts: [0, 1, 1] });
    const active = await app.call('GET', `/api/qna/public/sessions/${sunday}/polls/active/`, undefined, mine);
    expect(active.body.poll.my_answer).toEqual({ choices: [2], text: '' });
  });

  it("averages a rating and counts a multi's every choice", async () => {
    const sunday = await qnaSession(app, staff);
    const rating = await poll(app, staff, sunday, { question: 'How helpful?', type: 'rating' });
    for (const position of [4, 3, 3]) {
      await app.call('POST', answerPath(rating.id), { choices: [position] }, await phone(app, sunday));
    }
    expect(await results(rating.id)).toMatchObject({ total: 3, counts: [0, 0, 0, 2, 1], average: 13 / 3 });

    const multi = await poll(app, staff, sunday, {
      question: 'Which evenings?',
      type: 'multi',
      options: ['Mon', 'Tue', 'Wed'],
    });
    await app.call('POST', answerPath(multi.id), { choices: [0, 2] }, await phone(app, sunday));
    await app.call('POST', answerPath(multi.id), { choices: [2] }, await phone(app, sunday));
    expect(await results(multi.id)).toMatchObject({ total: 2, counts: [1, 0, 2], average: null });
  });

  it('refuses answers to a draft or closed poll, and to a poll of an ended session', async () => {
    const sunday = await qnaSession(app, staff);
    const device = await phone(app, sunday);
    const draft = await poll(app, staff, sunday, { question: 'Later', type: 'text' }, false);
    const refused = await app.call('POST', answerPath(draft.id), { text: 'Too soon' }, device);
    expect(refused).toMatchObject({ status: 409, body: { detail: 'This poll is closed.' } });

    const open = await poll(app, staff, sunday, { question: 'Now', type: 'text' });
    expect((await app.call('POST', answerPath(open.id), { text: 'In time' }, device)).status).toBe(200);
    expect((await asStaff('POST', `/api/qna/polls/${open.id}/close/`)).body).toMatchObject({ status: 'closed' });
    const late = await app.call('POST', answerPath(open.id), { text: 'Too late' }, device);
    expect(late).toMatchObject({ status: 409, body: { detail: 'This poll is closed.' } });
    expect((await results(open.id)).answers.map((answer: { text: string }) => answer.text)).toEqual(['In time']);

    await asStaff('POST', `/api/qna/polls/${open.id}/open/`);
    await asStaff('PUT', `/api/qna/sessions/${sunday}/`, { title: 'Sunday Q&A', description: 'Ask', is_active: false });
    expect((await app.call('POST', answerPath(open.id), { text: 'After' }, device)).status).toBe(404);
    expect((await app.call('GET', `/api/qna/public/sessions/${sunday}/polls/active/`)).status).toBe(404);
    expect(
      (await app.call('POST', answerPath('00000000-0000-4000-8000-000000000000'), { text: 'x' }, device)).status,
    ).toBe(404);
  });

  it('needs the device cookie of the question page', async () => {
    const sunday = await qnaSession(app, staff);
    const open = await poll(app, staff, sunday, { question: 'Now', type: 'text' });
    const answer = await app.call('POST', answerPath(open.id), { text: 'Hello' });
    expect(answer.status).toBe(403);
    expect(await storedAnswers(open.id)).toBe(0);
  });

  it("refuses answers that do not fit the poll's type with per-field messages", async () => {
    const sunday = await qnaSession(app, staff);
    const device = await phone(app, sunday);
    const refusals = async (pollId: string, bodies: unknown[]) =>
      Promise.all(bodies.map(async (body) => (await app.call('POST', answerPath(pollId), body, device)).body));

    const choice = await poll(app, staff, sunday, { question: 'One', type: 'choice', options: ['A', 'B'] });
    expect(
      await refusals(choice.id, [{}, { choices: [] }, { choices: [0, 1] }, { choices: [2] }, { choices: ['x'] }]),
    ).toEqual([
      { choices: [REQUIRED] },
      { choices: ['Choose exactly one option.'] },
      { choices: ['Choose exactly one option.'] },
      { choices: ['Choose options of this poll, from 0 to 1.'] },
      // The schema names the item that is not a number.
      { 'choices.0': ['Must be a list of option positions.'] },
    ]);
    const multi = await poll(app, staff, sunday, { question: 'Some', type: 'multi', options: ['A', 'B', 'C'] });
    expect(await refusals(multi.id, [{ choices: [] }, { choices: [1, 1] }, { choices: [-1] }])).toEqual([
      { choices: ['Choose at least one option.'] },
      { choices: ['Choose each option once.'] },
      { choices: ['Choose options of this poll, from 0 to 2.'] },
    ]);
    const words = await poll(app, staff, sunday, { question: 'Words', type: 'words' });
    expect(
      await refusals(words.id, [{}, { text: '  ' }, { text: 'one two three four' }, { text: 'x'.repeat(31) }]),
    ).toEqual([
      { text: [REQUIRED] },
      { text: [BLANK] },
      { text: ['Give no more than 3 words.'] },
      { text: ['Ensure each word has no more than 30 characters.'] },
    ]);
    const text = await poll(app, staff, sunday, { question: 'Text', type: 'text' });
    expect(await refusals(text.id, [{}, { text: ' ' }, { text: 'x'.repeat(281) }])).toEqual([
      { text: [REQUIRED] },
      { text: [BLANK] },
      { text: ['Ensure this field has no more than 280 characters.'] },
    ]);
    for (const each of [choice, multi, words, text]) expect(await storedAnswers(each.id)).toBe(0);
  });
});

describe('results', () => {
  it('keeps results from phones until revealed, then shows them, and hides them again', async () => {
    const sunday = await qnaSession(app, staff);
    const series = await poll(app, staff, sunday, {
      question: 'Next series?',
      type: 'choice',
      options: ['Ruth', 'Acts'],
    });
    const device = await phone(app, sunday);
    await app.call('POST', answerPath(series.id), { choices: [0] }, device);
    const publicResults = `/api/qna/public/polls/${series.id}/results/`;

    const early = await app.call('GET', publicResults);
    expect(early.status).toBe(403);
    expect(early.body.detail).toEqual(expect.any(String));
    expect(
      (await app.call('GET', `/api/qna/public/sessions/${sunday}/polls/active/`, undefined, device)).body.poll.results,
    ).toBeNull();

    expect((await asStaff('POST', `/api/qna/polls/${series.id}/reveal/`)).body).toMatchObject({ revealed: true });
    const shown = await app.call('GET', publicResults);
    expect(shown).toMatchObject({
      status: 200,
      body: { poll_id: series.id, type: 'choice', total: 1, counts: [1, 0], words: [] },
    });
    expect(shown.body).not.toHaveProperty('answers');
    await asStaff('POST', `/api/qna/polls/${series.id}/close/`);
    // Closed and revealed: phones keep showing its results.
    const active = await app.call('GET', `/api/qna/public/sessions/${sunday}/polls/active/`, undefined, device);
    expect(active.body.poll).toMatchObject({
      id: series.id,
      status: 'closed',
      my_answer: { choices: [0] },
      results: { total: 1 },
    });

    await asStaff('POST', `/api/qna/polls/${series.id}/reveal/`, { revealed: false });
    expect((await app.call('GET', publicResults)).status).toBe(403);
    const badReveal = await asStaff('POST', `/api/qna/polls/${series.id}/reveal/`, { revealed: 'yes' });
    expect(badReveal).toMatchObject({ status: 400, body: { revealed: ['Must be true or false.'] } });
  });

  it("carries each poll's results in the session's CSV download, formula-safe", async () => {
    const sunday = await qnaSession(app, staff);
    const series = await poll(app, staff, sunday, {
      question: 'Next series?',
      type: 'choice',
      options: ['Ruth', '=cmd()'],
    });
    await app.call('POST', answerPath(series.id), { choices: [1] }, await phone(app, sunday));
    const text = await poll(app, staff, sunday, { question: 'Anything else?', type: 'text' });
    await app.call(
      'POST',
      answerPath(text.id),
      { text: '=HYPERLINK("http://evil.example")' },
      await phone(app, sunday),
    );

    const csv = await asStaff('GET', `/api/qna/sessions/${sunday}/export/`);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).split('\n');
    expect(lines).toContain('Poll,Type,Status,Devices answered,Answer,Count,Caught by word filter');
    expect(lines).toContain('Next series?,choice,closed,1,Ruth,0,');
    expect(lines).toContain("Next series?,choice,closed,1,'=cmd(),1,");
    expect(lines).toContain(`Anything else?,text,open,1,"'=HYPERLINK(""http://evil.example"")",,no`);
  });
});
