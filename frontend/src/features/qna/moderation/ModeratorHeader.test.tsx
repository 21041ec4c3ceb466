import type { PublicSession } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { question, SESSION } from '../../../test/fixtures';
import { QnaPanelsProvider, type QnaPanels } from '../../../lib/qna-panels';
import { renderPage } from '../../../test/render-page';
import { ModeratorHeader } from './ModeratorHeader';

const session: PublicSession = {
  id: SESSION,
  title: 'Sunday panel',
  description: 'Questions for the panel',
  type: 'live',
  is_active: true,
  max_questions: 100,
};
const questions = [question(1, 1, { status: 'answered' }), question(2, 2), question(3, 3, { status: 'skipped' })];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function show(panels: QnaPanels = {}) {
  return renderPage(
    <QnaPanelsProvider value={panels}>
      <ModeratorHeader
        session={session}
        questions={questions}
        autoRefresh
        onAutoRefreshChange={() => undefined}
        onRefresh={async () => undefined}
        onEnding={() => undefined}
      />
      <Where />
    </QnaPanelsProvider>,
    { at: `/qna/view/${SESSION}`, path: '*' },
  );
}

let calls: string[] = [];
let sessionStatus = 200;

beforeEach(() => {
  calls = [];
  sessionStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${input}`);
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      return new Response(JSON.stringify(sessionStatus === 200 ? session : { detail: 'Not found.' }), {
        status: sessionStatus,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Catches the JSON download: the files the browser would save, and their names. */
function catchDownloads() {
  const saved: Blob[] = [];
  const names: string[] = [];
  // jsdom has no object URLs: these stand in for the browser's, and are put back afterwards.
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  };
  URL.revokeObjectURL = () => undefined;
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { saved, names, click };
}

async function endSession(user: ReturnType<typeof show>['user']) {
  await user.click(screen.getByRole('button', { name: 'End Session' }));
  const dialog = screen.getByRole('dialog', { name: 'End the session “Sunday panel”?' });
  expect(
    within(dialog).getByText('Are you sure you want to end this Q&A session? This action cannot be undone.'),
  ).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'End Session' }));
}

describe('the moderator header', () => {
  it('counts the questions by status', () => {
    show();
    const metric = (name: string) => screen.getByText(name).nextElementSibling?.textContent;
    expect([metric('total'), metric('new'), metric('answered'), metric('skipped'), metric('reading')]).toEqual([
      '3',
      '1',
      '1',
      '1',
      '0',
    ]);
  });

  it('checks the session still exists, ends it and goes back to the dashboard', async () => {
    const { user } = show();
    await endSession(user);
    expect(await screen.findByText('Session ended successfully')).toBeTruthy();
    expect(calls).toEqual([`GET /api/qna/public/sessions/${SESSION}/`, `DELETE /api/qna/sessions/${SESSION}/`]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/dashboard'), { timeout: 3000 });
  });

  it('says so when the session was already ended, without trying to end it again', async () => {
    sessionStatus = 404;
    const { user } = show();
    await endSession(user);
    expect(await screen.findByText('Session has already been ended or does not exist')).toBeTruthy();
    expect(calls).toEqual([`GET /api/qna/public/sessions/${SESSION}/`]);
  });

  it('exports the session and its questions as a JSON file named by session and date', async () => {
    const { saved, names, click } = catchDownloads();
    const { user } = show();
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    click.mockRestore();

    expect(screen.getByText('Questions exported successfully')).toBeTruthy();
    expect(names).toEqual([`qna-session-${SESSION}-${new Date().toISOString().slice(0, 10)}.json`]);
    const exported = JSON.parse(await saved[0]!.text());
    expect(exported.session).toEqual(session);
    expect(exported.questions).toHaveLength(3);
    expect(exported.statistics).toEqual({ total: 3, answered: 1, pending: 2 });
    expect(Number.isNaN(Date.parse(exported.exportDate))).toBe(false);
  });

  it("adds what the session's polls give to the download, after its own keys", async () => {
    const { saved, click } = catchDownloads();
    const polls = [{ question: 'Which series next?', total: 2 }];
    const { user } = show({ exportParts: async (id) => ({ polls, session: `not ${id}` }) });
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(await screen.findByText('Questions exported successfully')).toBeTruthy();
    click.mockRestore();
    const exported = JSON.parse(await saved[0]!.text());
    expect(exported.polls).toEqual(polls);
    expect(exported.session).toEqual(session);
  });

  it('says so when the polls could not be read, and downloads nothing', async () => {
    const { saved, click } = catchDownloads();
    const { user } = show({ exportParts: () => Promise.reject(new Error('offline')) });
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(await screen.findByText('The export could not be made. Please try again.')).toBeTruthy();
    click.mockRestore();
    expect(saved).toEqual([]);
  });
});
