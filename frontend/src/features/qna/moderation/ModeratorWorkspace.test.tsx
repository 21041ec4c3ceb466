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
