import { liveRooms, type PublicQuestion } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicQuestion as question, pushedQuestion, SESSION } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { QuestionSubmitPage } from './QuestionSubmitPage';

const SESSION_ANSWER = {
  id: SESSION,
  title: 'Youth Night Q&A',
  description: 'Ask us anything.',
  type: 'live',
  is_active: true,
  max_questions: 100,
};

type Reply = { status: number; body?: unknown };

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

function serve({
  session = { status: 200, body: SESSION_ANSWER },
  questions = [] as PublicQuestion[],
  submit = { status: 201, body: question(99, 59, { text: 'Sent from the page' }) } as Reply,
}: { session?: Reply; questions?: PublicQuestion[]; submit?: Reply } = {}) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const vote = /questions\/(\d+)\/vote\/$/.exec(url);
      if (vote) {
        sent.push(`${init?.method} vote ${vote[1]}`);
        const voted = init?.method === 'POST';
        const found = questions.find((row) => row.id === Number(vote[1]))!;
        return json({ status: 200, body: { ...found, voted, votes: found.votes + (voted ? 1 : 0) } });
      }
      if (url.endsWith('/submit/')) {
        sent.push(JSON.parse(String(init?.body)));
        return json(submit);
      }
      if (url.endsWith('/questions/')) return json({ status: 200, body: questions });
      if (url.startsWith('/api/qna/public/sessions/')) return json(session);
      return json({ status: 404, body: { detail: 'Not found.' } });
    }),
  );
  return sent;
}

function json({ status, body }: Reply) {
  return new Response(JSON.stringify(body ?? null), { status, headers: { 'content-type': 'application/json' } });
}

function openPage() {
  return renderPage(<QuestionSubmitPage />, {
    at: `/qna/submit/${SESSION}`,
    path: '/qna/submit/:sessionId',
    connections: server.connections,
  });
}

const listedTexts = () =>
  within(screen.getByRole('region', { name: 'All Questions' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('the question page', () => {
  it("counts the question's characters against the limit", async () => {
    serve();
    const { user } = openPage();
    const text = await screen.findByLabelText(/Your Question/);
    expect(screen.getByText('0/500 characters')).toBeTruthy();
    await user.type(text, 'Why do we sing?');
    expect(screen.getByText('15/500 characters')).toBeTruthy();
    expect(text.getAttribute('maxlength')).toBe('500');
  });

  it('sends the trimmed question, thanks the visitor, and rests the button for a second', async () => {
    const sent = serve();
    const { user } = openPage();
    await user.type(await screen.findByLabelText(/Your Question/), '  Why do we sing?  ');
    await user.selectOptions(screen.getByLabelText(/Category/), 'faith');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));

    expect(await screen.findByText('Question Submitted!')).toBeTruthy();
    expect(screen.getByText('Your question has been sent to the moderators')).toBeTruthy();
    expect(sent).toEqual([{ text: 'Why do we sing?', category: 'faith', name: 'Anonymous' }]);
    expect(screen.getByLabelText(/Your Question/)).toHaveProperty('value', '');
    const button = screen.getByRole('button', { name: 'Submit Question' });
    expect(button).toHaveProperty('disabled', true);
    await waitFor(() => expect(button).toHaveProperty('disabled', false), { timeout: 3_000 });
  });

  it('refuses a blank question without sending it', async () => {
    const sent = serve();
    const { user } = openPage();
    await user.type(await screen.findByLabelText(/Your Question/), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect(await screen.findByText('This field may not be blank.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it.each([
    [
      { status: 400, body: { detail: 'This session has reached its limit of 2 questions.' } },
      'This session has reached its limit of 2 questions.',
    ],
    [{ status: 500, body: 'Internal Server Error' }, 'Failed to submit question. Please try again.'],
  ])('says why a question was not taken (%#)', async (submit, message) => {
    serve({ submit });
    const { user } = openPage();
    await user.type(await screen.findByLabelText(/Your Question/), 'Is there room?');
    await user.click(screen.getByRole('button', { name: 'Submit Question' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('shows the questions in one list, newest first under Recent, and new ones as they are pushed', async () => {
    serve({ questions: [question(4, 40), question(3, 30), question(2, 20), question(1, 10)] });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Recent' }));
    await waitFor(() => expect(listedTexts()).toEqual(['Question 4', 'Question 3', 'Question 2', 'Question 1']));
    expect(screen.getAllByRole('list', { name: /^Questions/ })).toHaveLength(1);
    await waitFor(() => expect(server.joins).toContain(liveRooms.qna(SESSION)));

    server.audience.to(liveRooms.qna(SESSION)).emit('questions:created', [pushedQuestion(5, 50)]);
    await waitFor(() =>
      expect(listedTexts()).toEqual(['Question 5', 'Question 4', 'Question 3', 'Question 2', 'Question 1']),
    );
    expect(screen.queryByRole('heading', { name: 'Recent Questions' })).toBeNull();
  });

  it('lists every question by Popular or Recent, and votes with a second tap taking it back', async () => {
    const sent = serve({
      questions: [
        question(3, 30, { text: 'Newest, one vote', votes: 1 }),
        question(2, 20, { text: 'Mine, waiting', status: 'pending' }),
        question(1, 10, { text: 'Oldest, no votes' }),
      ],
    });
    const { user } = openPage();
    const all = await screen.findByRole('region', { name: 'All Questions' });
    const texts = () =>
      within(all)
        .queryAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);
    // Popular: most votes, then the oldest.
    await waitFor(() => expect(texts()).toEqual(['Newest, one vote', 'Oldest, no votes', 'Mine, waiting']));
    const waiting = within(all).getAllByRole('listitem')[2]!;
    expect(within(waiting).getByText('Waiting for approval')).toBeTruthy();
    expect(within(waiting).queryByRole('button')).toBeNull();

    await user.click(within(all).getByRole('button', { name: 'Recent' }));
    expect(texts()).toEqual(['Newest, one vote', 'Mine, waiting', 'Oldest, no votes']);
    await user.click(within(all).getByRole('button', { name: 'Popular' }));

    const oldest = () =>
      within(all)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes('Oldest, no votes'))!;
    const button = () => within(oldest()).getByRole('button', { name: /Vote for this question/ });
    expect(button().getAttribute('aria-pressed')).toBe('false');
    await user.click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    expect(button().getAttribute('aria-label')).toBe('Vote for this question (1 vote)');
    // Tied on votes, the older question now leads.
    expect(texts()).toEqual(['Oldest, no votes', 'Newest, one vote', 'Mine, waiting']);
    await user.click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
    expect(sent).toEqual(['POST vote 1', 'DELETE vote 1']);
  });

  it('shows twenty questions at a time, more on "Show more questions", and twenty again when the order changes', async () => {
    serve({ questions: Array.from({ length: 45 }, (_, index) => question(45 - index, 45 - index)) });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Recent' }));
    await waitFor(() => expect(listedTexts()).toHaveLength(20));
    expect(listedTexts()[0]).toBe('Question 45');
    await user.click(screen.getByRole('button', { name: 'Show more questions' }));
    expect(listedTexts()).toHaveLength(40);
    await user.click(screen.getByRole('button', { name: 'Show more questions' }));
    expect(listedTexts()).toHaveLength(45);
    expect(listedTexts().at(-1)).toBe('Question 1');
    expect(screen.queryByRole('button', { name: 'Show more questions' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Popular' }));
    expect(listedTexts()).toHaveLength(20);
  });

  it('names the tab after the session', async () => {
    serve();
    openPage();
    await screen.findByRole('heading', { name: 'Youth Night Q&A', level: 1 });
    await waitFor(() => expect(document.title).toMatch(/^Youth Night Q&A \| /));
  });

  it('says the session is not found when it cannot be loaded, with a way home', async () => {
    serve({ session: { status: 404, body: { detail: 'Not found.' } } });
    const { user } = openPage();
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeTruthy();
    expect(screen.getByText("The Q&A session you're looking for doesn't exist or has ended.")).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Return Home' }));
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('closes the form when the session ends while it is open', async () => {
    serve();
    openPage();
    await screen.findByLabelText(/Your Question/);
    await waitFor(() => expect(server.joins).toContain(liveRooms.qna(SESSION)));
    server.audience.to(liveRooms.qna(SESSION)).emit('session:ended', { session_id: SESSION });
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeTruthy();
    expect(screen.queryByLabelText(/Your Question/)).toBeNull();
  });
});
