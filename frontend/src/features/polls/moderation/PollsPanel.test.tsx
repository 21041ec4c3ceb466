import { liveRooms, type StaffPoll, type StaffPollResults } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL, SESSION, staffPoll as pollFixture } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { jsonAnswer } from '../../../test/answers';
import { PollsPanel } from './PollsPanel';

/** The panel's poll: an open text poll. */
function staffPoll(changes: Partial<StaffPoll> = {}): StaffPoll {
  return pollFixture({ question: 'One word for tonight', type: 'text', options: [], ...changes });
}

function results(changes: Partial<StaffPollResults> = {}): StaffPollResults {
  return {
    poll_id: POLL,
    type: 'text',
    total: 0,
    counts: [],
    average: null,
    words: [],
    answers: [],
    shown_answer_id: null,
    ...changes,
  };
}

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

function serve(polls: StaffPoll[], answered: StaffPollResults = results()) {
  const sent: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') sent.push(`${method} ${url}`);
      if (init?.body) bodies.push(JSON.parse(String(init.body)));
      if (url.endsWith(`/sessions/${SESSION}/polls/`) && method === 'POST') {
        const form = JSON.parse(String(init?.body)) as Pick<StaffPoll, 'question' | 'type' | 'options'>;
        const created = staffPoll({ ...form, id: '7e6d5c4b-3a29-4817-9605-f4e3d2c1b0a9', status: 'draft' });
        // As the server: the list read again (when the live room is joined) has it.
        polls.push(created);
        return jsonAnswer(201, created);
      }
      if (url.endsWith(`/sessions/${SESSION}/polls/`)) return jsonAnswer(200, polls);
      if (url.endsWith('/results/')) return jsonAnswer(200, answered);
      if (/\/answers\/\d+\/(show|hide)\/$/.test(url)) return jsonAnswer(200, {});
      const step = /\/polls\/[^/]+\/(open|close|reveal)\/$/.exec(url);
      if (step) {
        // As the server: the list read after a step has the poll as the step left it.
        const stepped = { ...polls[0]!, status: step[1] === 'close' ? ('closed' as const) : ('open' as const) };
        polls.splice(0, 1, stepped);
        return jsonAnswer(200, stepped);
      }
      return jsonAnswer(404, { detail: 'Not found.' });
    }),
  );
  return { sent, bodies };
}

const openPanel = () => renderPage(<PollsPanel sessionId={SESSION} />, { connections: server.connections });

describe("the moderator's polls", () => {
  it('prepares a choice poll with options added and removed', async () => {
    const { bodies } = serve([]);
    const { user } = openPanel();
    await screen.findByText(/No polls yet/);
    await user.click(screen.getByRole('button', { name: 'New Poll' }));
    const form = await screen.findByRole('dialog', { name: 'Prepare a Poll' });
    await user.type(within(form).getByLabelText(/^Question/), 'Which series next?');
    await user.click(within(form).getByRole('button', { name: 'Save Poll' }));
    expect(await within(form).findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(bodies).toEqual([]);

    await user.type(within(form).getByLabelText(/^Option 1/), 'Psalms');
    await user.type(within(form).getByLabelText(/^Option 2/), 'Acts');
    await user.click(within(form).getByRole('button', { name: 'Add option' }));
    await user.type(within(form).getByLabelText(/^Option 3/), 'Ruth');
    await user.click(within(form).getByRole('button', { name: 'Add option' }));
    await user.click(within(form).getByRole('button', { name: 'Remove option 4' }));
    await user.click(within(form).getByRole('button', { name: 'Save Poll' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ question: 'Which series next?', type: 'choice', options: ['Psalms', 'Acts', 'Ruth'] }]),
    );
    const card = await screen.findByRole('listitem', { name: 'Which series next?' });
    expect(within(card).getByText('Draft')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Launch' })).toBeTruthy();
  });

  it('launches and closes a poll, following its changes from other screens', async () => {
    const { sent } = serve([staffPoll({ status: 'draft', type: 'choice', options: ['Yes', 'No'] })]);
    const { user } = openPanel();
    const card = await screen.findByRole('listitem', { name: 'One word for tonight' });
    await user.click(within(card).getByRole('button', { name: 'Launch' }));
    await within(card).findByText('Open');
    expect(sent).toContain(`POST /api/qna/polls/${POLL}/open/`);
    await waitFor(() => expect(server.joins).toContain(liveRooms.qna(SESSION)));
    server.staff.to(liveRooms.qna(SESSION)).emit('poll:changed', {
      poll: staffPoll({ status: 'closed', revealed: true, type: 'choice', options: ['Yes', 'No'] }),
    });
    expect(await within(card).findByText('Results revealed')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Launch again' })).toBeTruthy();
  });

  it("lists a text poll's answers live, puts one on screen, and never offers a held one", async () => {
    const { sent } = serve([staffPoll()]);
    const { user } = openPanel();
    const card = await screen.findByRole('listitem', { name: 'One word for tonight' });
    await within(card).findByText('No answers yet.');
    await waitFor(() => expect(server.joins).toContain(liveRooms.qna(SESSION)));
    const at = '2026-11-27T10:02:00.000Z';
    server.staff.to(liveRooms.qna(SESSION)).emit('poll:results', {
      session_id: SESSION,
      results: results({
        total: 2,
        answers: [
          { id: 2, text: 'rubbish', held: true, created_at: at },
          { id: 1, text: 'Joyful', held: false, created_at: at },
        ],
      }),
    });
    const answers = await within(card).findByRole('list', { name: 'Answers' });
    const held = within(answers).getByText('rubbish').closest('li')!;
    expect(within(held).getByText('Held by the word filter')).toBeTruthy();
    expect(within(held).queryByRole('button')).toBeNull();
    expect(within(card).getByText('2 answers')).toBeTruthy();

    const joyful = within(answers).getByText('Joyful').closest('li')!;
    await user.click(within(joyful).getByRole('button', { name: 'Show on screen' }));
    expect(await within(joyful).findByText('On screen')).toBeTruthy();
    await user.click(within(joyful).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(within(joyful).queryByText('On screen')).toBeNull());
    expect(sent).toEqual([
      `POST /api/qna/polls/${POLL}/answers/1/show/`,
      `POST /api/qna/polls/${POLL}/answers/1/hide/`,
    ]);
  });
});
