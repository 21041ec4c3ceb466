import type { StaffQuestion } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { question, SESSION } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { useModeratedQuestions } from './api';
import { ModeratorWorkspace } from './ModeratorWorkspace';

/** The workspace over the real questions cache, as the page feeds it. */
function Workspace() {
  const questions = useModeratedQuestions(SESSION, false, true);
  return <ModeratorWorkspace sessionId={SESSION} questions={questions.data ?? []} />;
}

let stored: StaffQuestion[] = [];
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  stored = [
    question(3, 3, { text: 'Newest question', name: 'Esther' }),
    question(2, 2, { text: 'Middle question' }),
    question(1, 1, { text: 'Oldest question' }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${input}${init.body ? ` ${init.body}` : ''}`);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      const status = /questions\/(\d+)\/status\/$/.exec(input);
      if (status) {
        const id = Number(status[1]);
        stored = stored.map((row) => (row.id === id ? { ...row, ...JSON.parse(String(init.body)) } : row));
        return json(stored.find((row) => row.id === id));
      }
      const reviewed = /\/api\/qna\/questions\/(\d+)\/(approve|dismiss)\/$/.exec(input);
      if (reviewed) {
        const id = Number(reviewed[1]);
        const status = reviewed[2] === 'approve' ? 'new' : 'dismissed';
        stored = stored.map((row) => (row.id === id ? { ...row, status } : row));
        return json(stored.find((row) => row.id === id));
      }
      const deleted = /\/api\/qna\/questions\/(\d+)\/$/.exec(input);
      if (deleted) {
        stored = stored.filter((row) => row.id !== Number(deleted[1]));
        return new Response(null, { status: 204 });
      }
      return json(stored);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function present() {
  const page = renderPage(<Workspace />);
  await page.user.click(await screen.findByRole('button', { name: 'Start Question Review' }));
  expect(screen.getByText('Question review mode started')).toBeTruthy();
  await page.user.click(screen.getByRole('button', { name: 'Present' }));
  return { ...page, overlay: screen.getByRole('dialog', { name: 'Presentation mode' }) };
}

describe('presentation mode', () => {
  it('starts with the oldest question, marks what is shown as reading and follows the arrow keys', async () => {
    const { user, overlay } = await present();
    expect(within(overlay).getByText('Oldest question')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    await waitFor(() =>
      expect(calls).toContain(`PUT /api/qna/public/sessions/${SESSION}/questions/1/status/ {"status":"reading"}`),
    );

    await user.keyboard('{ArrowRight}');
    expect(within(overlay).getByText('Middle question')).toBeTruthy();
    await waitFor(() =>
      expect(calls).toContain(`PUT /api/qna/public/sessions/${SESSION}/questions/2/status/ {"status":"reading"}`),
    );
    await user.keyboard('{ArrowLeft}');
    expect(within(overlay).getByText('Oldest question')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Presentation mode' })).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('skips to the next question after a short pause', async () => {
    const { user, overlay } = await present();
    await user.click(within(overlay).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Question marked as skipped')).toBeTruthy();
    expect(await within(overlay).findByText('Middle question')).toBeTruthy();
    expect(stored.find((row) => row.id === 1)?.status).toBe('skipped');
  });

  it('answers and removes each question, then closes when none remain', async () => {
    const { user, overlay } = await present();
    for (const text of ['Oldest question', 'Middle question', 'Newest question']) {
      await within(overlay).findByText(text);
      await user.click(within(overlay).getByRole('button', { name: 'Mark as answered' }));
    }
    expect(await screen.findByText('All questions have been answered!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Presentation mode' })).toBeNull();
    expect(stored).toEqual([]);
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /api/qna/questions/1/',
      'DELETE /api/qna/questions/2/',
      'DELETE /api/qna/questions/3/',
    ]);
    expect(screen.getByText('No Questions Found')).toBeTruthy();
  });
});

describe('the management view', () => {
  it('puts a priority question first and hides it from a search that does not match', async () => {
    const { user } = renderPage(<Workspace />);
    await user.click(await screen.findByRole('button', { name: 'Start Question Review' }));
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    const texts = () => screen.getAllByRole('article').map((card) => card.querySelector('p')?.textContent);
    expect(texts()).toEqual(['Oldest question', 'Middle question', 'Newest question']);

    const newest = screen.getAllByRole('article')[2]!;
    await user.click(within(newest).getByRole('button', { name: 'Priority' }));
    expect(screen.getByText('Question marked as priority')).toBeTruthy();
    expect(texts()).toEqual(['Newest question', 'Oldest question', 'Middle question']);

    await user.type(screen.getByLabelText('Search'), 'esther');
    expect(texts()).toEqual(['Newest question']);
  });
});

describe('the pending tab', () => {
  beforeEach(() => {
    stored = [
      ...stored,
      question(6, 6, { text: 'Latest waiting', status: 'pending' }),
      question(5, 5, { text: 'Caught by the filter', status: 'pending', flagged: true }),
      question(4, 4, { text: 'Dismissed before', status: 'dismissed' }),
    ];
  });

  it('approves and dismisses waiting questions from the keyboard, oldest first, and keeps them off the other views', async () => {
    const { user } = renderPage(<Workspace />);
    await user.click(await screen.findByRole('button', { name: 'Start Question Review' }));
    expect(screen.queryByText('Latest waiting')).toBeNull();
    expect(screen.queryByText('Dismissed before')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pending (2)' }));
    const pending = screen.getByRole('region', { name: 'Pending questions' });
    const cards = () => within(pending).getAllByRole('article');
    expect(cards().map((card) => card.querySelector('p')?.textContent)).toEqual([
      'Caught by the filter',
      'Latest waiting',
    ]);
    expect(within(cards()[0]!).getByText('Word filter')).toBeTruthy();
    expect(cards()[0]!.getAttribute('aria-current')).toBe('true');

    await user.keyboard('j');
    expect(cards()[1]!.getAttribute('aria-current')).toBe('true');
    await user.keyboard('d');
    expect(await screen.findByText('Question dismissed')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pending (1)' })).toBeTruthy());
    await user.keyboard('a');
    expect(await screen.findByText('Question approved')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pending (0)' })).toBeTruthy());
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/qna/questions/6/dismiss/',
      'POST /api/qna/questions/5/approve/',
    ]);

    await user.click(screen.getByRole('button', { name: 'Recent' }));
    expect(screen.getByText('Caught by the filter')).toBeTruthy();
    expect(screen.queryByText('Latest waiting')).toBeNull();
  });
});

describe('votes on the moderator screen', () => {
  it('shows each card’s votes and sorts the most voted first when asked', async () => {
    stored = stored.map((row) => ({ ...row, votes: row.id === 2 ? 5 : row.id === 3 ? 1 : 0 }));
    const { user } = renderPage(<Workspace />);
    await user.click(await screen.findByRole('button', { name: 'Start Question Review' }));
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    const texts = () => screen.getAllByRole('article').map((card) => card.querySelector('p')?.textContent);
    expect(within(screen.getAllByRole('article')[1]!).getByText('5 votes')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Order'), 'votes');
    expect(texts()).toEqual(['Middle question', 'Newest question', 'Oldest question']);
  });
});
