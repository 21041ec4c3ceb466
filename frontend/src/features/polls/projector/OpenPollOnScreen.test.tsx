import { liveRooms, type StaffPoll, type StaffPollResults } from '@gather/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL, SESSION, staffPoll } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { OpenPollOnScreen } from './OpenPollOnScreen';

const AT = '2026-11-27T10:02:00.000Z';

const poll = staffPoll({ question: 'What will you take home tonight?', type: 'text', options: [], answer_count: 2 });

const results: StaffPollResults = {
  poll_id: POLL,
  type: 'text',
  total: 2,
  counts: [],
  average: null,
  words: [],
  answers: [
    { id: 2, text: 'something rude', held: true, created_at: AT },
    { id: 1, text: 'That I am loved', held: false, created_at: AT },
  ],
  shown_answer_id: null,
};

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

function serve(polls: StaffPoll[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/results/') ? results : polls;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const present = () =>
  renderPage(
    <OpenPollOnScreen sessionId={SESSION}>
      <p>The question being read</p>
    </OpenPollOnScreen>,
    { connections: server.connections },
  );

const shownAnswer = (answer: { id: number; text: string } | null) =>
  server.staff.to(liveRooms.qna(SESSION)).emit('poll:answer-shown', { session_id: SESSION, poll_id: POLL, answer });

describe('a poll in presentation mode', () => {
  it("takes the question's place while open, with a code to join, and puts up only the answer staff show", async () => {
    serve([poll]);
    present();
    expect(await screen.findByRole('heading', { name: 'What will you take home tonight?' })).toBeTruthy();
    expect(screen.queryByText('The question being read')).toBeNull();
    expect(
      await screen.findByRole('img', { name: `QR code to join: ${location.origin}/qna/submit/${SESSION}` }),
    ).toBeTruthy();
    expect(await screen.findByText('Answers are coming in…')).toBeTruthy();
    expect(screen.queryByText('That I am loved')).toBeNull();

    await waitFor(() => expect(server.joins).toContain(liveRooms.qna(SESSION)));
    shownAnswer({ id: 1, text: 'That I am loved' });
    expect(await screen.findByText('That I am loved')).toBeTruthy();
    // A held answer never reaches the screen, even if asked to.
    shownAnswer({ id: 2, text: 'something rude' });
    expect(await screen.findByText('Answers are coming in…')).toBeTruthy();
    expect(screen.queryByText('something rude')).toBeNull();
  });

  it('leaves the question on screen while no poll is open', async () => {
    serve([{ ...poll, status: 'closed', closed_at: AT }]);
    present();
    expect(await screen.findByText('The question being read')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'What will you take home tonight?' })).toBeNull();
  });
});
