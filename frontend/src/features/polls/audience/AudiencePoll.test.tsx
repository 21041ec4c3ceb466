import { liveRooms, type ActivePollAnswer } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL, SESSION, publicPoll } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { jsonAnswer } from '../../../test/answers';
import { AudiencePoll } from './AudiencePoll';

const poll = publicPoll;

type Reply = { status: number; body: unknown };

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

/** The API as a phone meets it: the active poll, and answers taken (or refused with `refuse`). */
function serve(answer: ActivePollAnswer = { poll: null }, refuse?: Reply) {
  const active = structuredClone(answer);
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/polls/active/')) return json({ status: 200, body: active });
      if (url.endsWith(`/polls/${POLL}/answer/`)) {
        const sentAnswer = JSON.parse(String(init?.body)) as { choices?: number[]; text?: string };
        sent.push(sentAnswer);
        // As the server, whose active poll read again (when the live room is joined) agrees with its answers.
        if (refuse?.status === 409 && active.poll) active.poll = { ...active.poll, status: 'closed' };
        if (refuse) return json(refuse);
        const my_answer = { choices: sentAnswer.choices ?? [], text: sentAnswer.text ?? '' };
        if (active.poll) active.poll = { ...active.poll, my_answer };
        return json({ status: 200, body: { poll_id: POLL, my_answer } });
      }
      return json({ status: 404, body: { detail: 'Not found.' } });
    }),
  );
  return sent;
}

const json = ({ status, body }: Reply) => jsonAnswer(status, body);

function openPage() {
  return renderPage(<AudiencePoll sessionId={SESSION} />, { connections: server.connections });
}

const toRoom = () => server.audience.to(liveRooms.qna(SESSION));
const option = (name: string | RegExp) => screen.getByRole('button', { name });

describe("the live poll on a visitor's phone", () => {
  it('appears when staff open it, takes a tap, lets it change, and says when the poll closed', async () => {
    const sent = serve();
    const { user } = openPage();
    await waitFor(() => expect(server.joins).toContain(liveRooms.qna(SESSION)));
    expect(screen.queryByRole('region', { name: 'Live poll' })).toBeNull();

    toRoom().emit('poll:opened', poll());
    const region = await screen.findByRole('region', { name: 'Live poll' });
    expect(within(region).getByRole('heading', { name: 'Which series next?' })).toBeTruthy();

    await user.click(option('Acts'));
    await waitFor(() => expect(option('Acts').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('status').textContent).toBe('Your answer is in. You can change it until the poll closes.');
    await user.click(option('Ruth'));
    await waitFor(() => expect(option('Ruth').getAttribute('aria-pressed')).toBe('true'));
    expect(option('Acts').getAttribute('aria-pressed')).toBe('false');
    expect(sent).toEqual([{ choices: [1] }, { choices: [2] }]);

    toRoom().emit('poll:closed', { poll_id: POLL });
    expect(await within(region).findByText('Poll closed')).toBeTruthy();
    expect(option('Psalms')).toHaveProperty('disabled', true);
    expect(option('Ruth').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/results will be shown here when they are revealed/)).toBeTruthy();
  });

  it('shows the results once revealed, and as they change', async () => {
    serve({ poll: { ...poll({ status: 'closed' }), my_answer: { choices: [0], text: '' }, results: null } });
    openPage();
    await screen.findByText('Poll closed');
    await waitFor(() => expect(server.joins).toContain(liveRooms.qna(SESSION)));
    const results = { poll_id: POLL, type: 'choice' as const, average: null, words: [] };
    toRoom().emit('poll:results', { ...results, total: 4, counts: [1, 3, 0] });
    const bars = await screen.findByRole('list', { name: 'Results' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Psalms1 · 25%', 'Acts3 · 75%', 'Ruth0 · 0%']);
    toRoom().emit('poll:results', { ...results, total: 5, counts: [2, 3, 0] });
    await waitFor(() => expect(within(bars).getAllByRole('listitem')[0]!.textContent).toBe('Psalms2 · 40%'));
  });

  it('picks several options before sending them, for a poll of several choices', async () => {
    const sent = serve({ poll: { ...poll({ type: 'multi' }), my_answer: null, results: null } });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Ruth' }));
    await user.click(option('Psalms'));
    expect(sent).toEqual([]);
    await user.click(option('Send answer'));
    await waitFor(() => expect(sent).toEqual([{ choices: [0, 2] }]));
    expect(await screen.findByRole('button', { name: 'Change answer' })).toBeTruthy();
  });

  it('rates with a tap on a star', async () => {
    const sent = serve({
      poll: { ...poll({ type: 'rating', options: ['1', '2', '3', '4', '5'] }), my_answer: null, results: null },
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: '4 stars' }));
    await waitFor(() => expect(option('4 stars').getAttribute('aria-pressed')).toBe('true'));
    expect(sent).toEqual([{ choices: [3] }]);
  });

  it('takes up to three words, and says so before sending more', async () => {
    const sent = serve({ poll: { ...poll({ type: 'words', options: [] }), my_answer: null, results: null } });
    const { user } = openPage();
    const words = await screen.findByLabelText('Your words');
    await user.type(words, 'grace hope joy peace');
    await user.click(option('Send answer'));
    expect(await screen.findByText('Give no more than 3 words.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(words);
    await user.type(words, '  grace  hope ');
    await user.click(option('Send answer'));
    await waitFor(() => expect(sent).toEqual([{ text: 'grace  hope' }]));
    expect(await screen.findByRole('status')).toBeTruthy();
  });

  it('shows a poll found closed when the answer came too late as closed', async () => {
    serve(
      { poll: { ...poll({ type: 'text', options: [] }), my_answer: null, results: null } },
      { status: 409, body: { detail: 'This poll is closed.' } },
    );
    const { user } = openPage();
    await user.type(await screen.findByLabelText('Your answer'), 'Thank you for the evening');
    await user.click(option('Send answer'));
    expect(await screen.findByText('Poll closed')).toBeTruthy();
    expect(screen.getByLabelText('Your answer')).toHaveProperty('disabled', true);
  });

  it("shows the server's word on an answer it refused under the answer", async () => {
    serve(
      { poll: { ...poll({ type: 'text', options: [] }), my_answer: null, results: null } },
      { status: 400, body: { text: ['This field may not be blank.'] } },
    );
    const { user } = openPage();
    await user.type(await screen.findByLabelText('Your answer'), 'Hmm');
    await user.click(option('Send answer'));
    expect((await screen.findByRole('alert')).textContent).toBe('This field may not be blank.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
