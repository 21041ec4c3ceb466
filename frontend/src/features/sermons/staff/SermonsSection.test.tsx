import type { Sermon, SermonSeries } from '@gather/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { SermonsSection } from './SermonsSection';

const romans: SermonSeries = { id: 4, title: 'Romans', description: 'Chapter by chapter.', artwork: null };
const sermon: Sermon = {
  id: 9,
  title: 'No Condemnation',
  speaker: 'Pastor Ade',
  date: '2026-11-15',
  description: 'Romans 8',
  thumbnail: null,
  video_url: null,
  series: null,
  audio_url: '/media/sermons/audio/romans-8.mp3',
  audio_type: 'audio/mpeg',
  audio_size: 41_000_000,
  audio_duration_seconds: 2530,
};

let sent: Array<{ method: string; path: string; body: unknown }> = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://church.test').pathname;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const answer =
        method === 'PUT' ? { ...sermon, series: romans } : path === '/api/sermon-series/' ? [romans] : [sermon];
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the staff sermons section', () => {
  it('lists series and sermons with their recordings, and puts a sermon into a series', async () => {
    const { user } = renderPage(<SermonsSection />);

    expect(await screen.findByRole('heading', { name: 'Romans' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'No Condemnation' })).closest('article')!;
    expect(within(card).getByText('In the podcast')).toBeTruthy();
    expect(within(card).getByText('No series')).toBeTruthy();
    expect(within(card).getByLabelText('Recording of No Condemnation').tagName).toBe('AUDIO');
    expect(within(card).getByRole('button', { name: /Remove recording/ })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: /Edit/ }));
    await user.selectOptions(await screen.findByLabelText('Series'), 'Romans');
    await user.click(screen.getByRole('button', { name: 'Update Sermon' }));

    await vi.waitFor(() => expect(sent.find((call) => call.method === 'PUT')).toBeTruthy());
    expect(sent.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/sermons/9/',
      body: { title: 'No Condemnation', speaker: 'Pastor Ade', date: '2026-11-15', series_id: 4 },
    });
  });
});
