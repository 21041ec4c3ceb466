import type { QnaSession } from '@gather/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { QnaSessionsSection } from './QnaSessionsSection';

const sunday: QnaSession = {
  id: SESSION,
  title: 'Sunday Q&A',
  description: 'Ask the pastor anything about the sermon series on Romans.',
  type: 'live',
  is_active: true,
  max_questions: 100,
  created_at: '2026-11-22T10:00:00.000Z',
  question_count: 3,
  moderation: 'open',
  filter_words: [],
  pending_count: 0,
};

function serverListing(sessions: QnaSession[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(sessions), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Q&A sessions section', () => {
  it('says so when there are no sessions', async () => {
    serverListing([]);
    renderPage(<QnaSessionsSection />);
    expect(await screen.findByText('No Q&A Sessions Found')).toBeTruthy();
  });

  it('shows each session with its question count and a moderate link opening in a new tab', async () => {
    serverListing([sunday]);
    renderPage(<QnaSessionsSection />);
    expect(await screen.findByRole('heading', { name: 'Sunday Q&A' })).toBeTruthy();
    expect(screen.getByText('3 questions')).toBeTruthy();
    const moderate = screen.getByRole('link', { name: /Moderate/ });
    expect(moderate.getAttribute('href')).toBe(`/qna/view/${SESSION}`);
    expect(moderate.getAttribute('target')).toBe('_blank');
  });

  it('copies the full public link, or gives it to copy by hand when copying fails', async () => {
    serverListing([sunday]);
    const { user } = renderPage(<QnaSessionsSection />);
    const link = `${window.location.origin}/qna/submit/${SESSION}`;
    const copy = await screen.findByRole('button', { name: 'Copy link to Sunday Q&A' });

    const written = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(copy);
    expect(written).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();

    written.mockRejectedValue(new Error('denied'));
    document.execCommand = () => false;
    await user.click(copy);
    expect(await screen.findByText(`Failed to copy link. Please copy manually: ${link}`)).toBeTruthy();
  });

  it('shows how many questions wait, and edits the moderation mode and the church’s own words', async () => {
    const sent: unknown[] = [];
    const waiting = { ...sunday, moderation: 'filter', filter_words: ['gossip'], pending_count: 2 } as const;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        if (init.method === 'PUT') sent.push(JSON.parse(String(init.body)));
        const body = init.method === 'PUT' ? waiting : [waiting];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const { user } = renderPage(<QnaSessionsSection />);
    expect(await screen.findByText('2 waiting')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    const words = screen.getByLabelText('Words to hold for review');
    expect(words).toHaveProperty('value', 'gossip');
    await user.clear(words);
    await user.type(words, 'Gossip, slander');
    await user.selectOptions(screen.getByLabelText('Moderation'), 'review');
    await user.click(screen.getByRole('button', { name: 'Update Session' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ moderation: 'review', filter_words: ['gossip', 'slander'] });
  });
});
