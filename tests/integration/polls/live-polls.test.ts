import type { StaffPollResults } from '@gather/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { eventually } from '../../support/eventually.js';
import { inQnaRoom, type AudienceSocket, type LiveClient, type StaffSocket } from '../../support/live.js';
import { answerPath, phone, poll, qnaSession, resultsPath } from '../../support/polls.js';
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

const asStaff = (method: string, path: string, body?: unknown) => app.call(method, path, body, staff.headers);

/** A phone on the question page, in the session's room: no other join is needed for polls. */
async function audience(sessionId: string): Promise<LiveClient<AudienceSocket>> {
  const client = await inQnaRoom<AudienceSocket>(app, 'audience', sessionId);
  clients.push(client);
  return client;
}

/** The moderator's screen or the projector: both follow the session's staff room. */
async function projector(sessionId: string): Promise<LiveClient<StaffSocket>> {
  const client = await inQnaRoom<StaffSocket>(app, 'staff', sessionId, staff.headers.cookie);
  clients.push(client);
  return client;
}

describe('polls live', () => {
  it('opens the poll on phones at once, closes it, and sends them results only once revealed', async () => {
    const sunday = await qnaSession(app, staff);
    const [room, screen] = [await audience(sunday), await projector(sunday)];
    const series = await poll(app, staff, sunday, {
      question: 'Next series?',
      type: 'choice',
      options: ['Ruth', 'Acts'],
    });

    const opened = await room.next('poll:opened');
    expect(opened).toEqual({
      id: series.id,
      session_id: sunday,
      question: 'Next series?',
      type: 'choice',
      options: ['Ruth', 'Acts'],
      status: 'open',
      revealed: false,
    });
    await screen.next('poll:changed', ({ poll: changed }) => changed.id === series.id && changed.status === 'open');

    await app.call('POST', answerPath(series.id), { choices: [1] }, await phone(app, sunday));
    await screen.next('poll:results', ({ results }) => results.poll_id === series.id && results.total === 1);
    await app.call('POST', answerPath(series.id), { choices: [0] }, await phone(app, sunday));
    const gathered = await screen.next('poll:results', ({ results }) => results.total === 2);
    expect(gathered).toMatchObject({ session_id: sunday, results: { counts: [1, 1] } });

    await asStaff('POST', `/api/qna/polls/${series.id}/close/`);
    expect(await room.next('poll:closed')).toEqual({ poll_id: series.id });
    // Nothing of the results reached the phones before staff revealed them.
    expect(room.received.map((entry) => entry.event)).toEqual(['poll:opened', 'poll:closed']);

    await asStaff('POST', `/api/qna/polls/${series.id}/reveal/`);
    expect(await room.next('poll:results')).toEqual({
      poll_id: series.id,
      type: 'choice',
      total: 2,
      counts: [1, 1],
      average: null,
      words: [],
    });
  });

  it('keeps what the word filter caught from the audience room and the projector, and shows it held to staff', async () => {
    const sunday = await qnaSession(app, staff, { filter_words: ['gossip'] });
    const [room, screen] = [await audience(sunday), await projector(sunday)];
    const words = await poll(app, staff, sunday, { question: 'One word for today', type: 'words' });
    await asStaff('POST', `/api/qna/polls/${words.id}/reveal/`);

    const caught = await app.call('POST', answerPath(words.id), { text: 'Grace GOSSIP' }, await phone(app, sunday));
    expect(caught.body.my_answer).toEqual({ choices: [], text: 'grace gossip' });
    await app.call('POST', answerPath(words.id), { text: 'grace, hope!' }, await phone(app, sunday));
    await app.call('POST', answerPath(words.id), { text: 'Hope' }, await phone(app, sunday));

    const settled = await screen.next('poll:results', ({ results }) => results.total === 3);
    const results = settled.results as StaffPollResults;
    expect(results.words).toEqual([
      { word: 'hope', count: 2 },
      { word: 'grace', count: 1 },
    ]);
    expect(results.answers.find((answer) => answer.text === 'grace gossip')).toMatchObject({ held: true });
    await room.next('poll:results', (shown) => shown.total === 3);
    expect(JSON.stringify(room.received)).not.toMatch(/gossip/i);

    const publicResults = await app.call('GET', `/api/qna/public/polls/${words.id}/results/`);
    expect(JSON.stringify(publicResults.body)).not.toMatch(/gossip/i);
    const held = results.answers.find((answer) => answer.held)!;
    expect((await asStaff('POST', `/api/qna/polls/${words.id}/answers/${held.id}/show/`)).status).toBe(404);
    expect(screen.received.filter((entry) => entry.event === 'poll:answer-shown')).toEqual([]);
  });

  it('puts a text answer on the projector and takes it off, also when its phone changes it', async () => {
    const sunday = await qnaSession(app, staff, { filter_words: ['gossip'] });
    const screen = await projector(sunday);
    const question = await poll(app, staff, sunday, { question: 'What will you take home?', type: 'text' });
    const device = await phone(app, sunday);
    await app.call('POST', answerPath(question.id), { text: 'Be still and know' }, device);
    const [answer] = (await asStaff('GET', resultsPath(question.id))).body.answers;

    const shown = await asStaff('POST', `/api/qna/polls/${question.id}/answers/${answer.id}/show/`);
    expect(shown.body.shown_answer_id).toBe(answer.id);
    expect(await screen.next('poll:answer-shown')).toEqual({
      session_id: sunday,
      poll_id: question.id,
      answer: { id: answer.id, text: 'Be still and know' },
    });
    const hidden = await asStaff('POST', `/api/qna/polls/${question.id}/answers/${answer.id}/hide/`);
    expect(hidden.body.shown_answer_id).toBeNull();
    await screen.next('poll:answer-shown', (event) => event.answer === null);

    const onScreen = () =>
      screen.received.filter((entry) => entry.event === 'poll:answer-shown').map((entry) => entry.payload);
    await asStaff('POST', `/api/qna/polls/${question.id}/answers/${answer.id}/show/`);
    await eventually(async () => onScreen().length === 3, 'the answer shown again');
    // Its phone changes it (to something the filter holds): it leaves the projector.
    await app.call('POST', answerPath(question.id), { text: 'Some gossip' }, device);
    await eventually(async () => onScreen().length === 4, 'the changed answer taken off the projector');
    expect(onScreen()[3]).toEqual({ session_id: sunday, poll_id: question.id, answer: null });
    expect((await asStaff('GET', resultsPath(question.id))).body).toMatchObject({
      shown_answer_id: null,
      answers: [{ id: answer.id, text: 'Some gossip', held: true }],
    });
  });
});
