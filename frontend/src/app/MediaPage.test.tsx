import type { Album, Sermon } from '@gather/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render-page';
import { visibleSections } from './media-filters';
import { MediaPage } from './MediaPage';

const sermon = (id: number): Sermon => ({
  id,
  title: `Sermon ${id}`,
  speaker: 'Pastor Ade',
  date: '2026-11-15',
  description: 'Hope for the weary.',
  thumbnail: null,
  video_url: id === 1 ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null,
  series: null,
  audio_url: null,
  audio_type: null,
  audio_size: null,
  audio_duration_seconds: null,
});

const romans = { id: 4, title: 'Romans', description: 'Paul’s letter, chapter by chapter.', artwork: null };

const album: Album = {
  id: 3,
  title: 'Harvest Sunday',
  description: '',
  cover_image: null,
  is_featured: false,
  created_at: '2026-10-01T10:00:00.000Z',
  first_photo: { id: 9, image: '/media/gallery/harvest.jpg' },
  photo_count: 3,
};

function answer(path: string, answers: Record<string, unknown>): Response {
  const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
  if (!key) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
  const body = answers[key];
  if (body instanceof Response) return body;
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => answer(path, answers)),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the media filters', () => {
  it('show sermons and the gallery for All, one of them for Sermons or Gallery, and neither for Worship', () => {
    expect(visibleSections('All')).toEqual({ sermons: true, gallery: true, worship: false });
    expect(visibleSections('Sermons')).toEqual({ sermons: true, gallery: false, worship: false });
    expect(visibleSections('Gallery')).toEqual({ sermons: false, gallery: true, worship: false });
    expect(visibleSections('Worship')).toEqual({ sermons: false, gallery: false, worship: true });
  });
});

describe('the media page', () => {
  it('features the newest sermon, lists six more, and hides sermons and albums under Worship', async () => {
    serve({
      '/api/sermons/latest/': Array.from({ length: 8 }, (_, index) => sermon(index + 1)),
      '/api/albums/public/': [album],
    });
    const { user } = renderPage(<MediaPage />);

    expect(await screen.findByText('Latest sermon')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sermon 1' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3, name: /^Sermon \d$/ })).toHaveLength(6);
    expect(screen.queryByText('Sermon 8')).toBeNull();
    expect(await screen.findByText('Harvest Sunday')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Worship' }));
    expect(screen.getByRole('button', { name: 'Worship' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Sermon 1')).toBeNull();
    expect(screen.queryByText('Harvest Sunday')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Worship With Us' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Join us live' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Gallery' }));
    expect(screen.queryByText('Sermon 1')).toBeNull();
    expect(screen.getByText('Harvest Sunday')).toBeTruthy();
  });

  it('says when there are no sermons or albums yet', async () => {
    serve({ '/api/sermons/latest/': [], '/api/albums/public/': [] });
    renderPage(<MediaPage />);
    expect(await screen.findByText('No Sermons Available')).toBeTruthy();
    expect(await screen.findByText('No Albums Available')).toBeTruthy();
  });

  it('shows a toast for a sermon without a video link', async () => {
    serve({ '/api/sermons/latest/': [sermon(1), sermon(2)], '/api/albums/public/': [] });
    const { user } = renderPage(<MediaPage />);

    expect((await screen.findByRole('link', { name: /Watch\s*Sermon 1/ })).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    await user.click(screen.getByRole('button', { name: /Watch\s*Sermon 2/ }));
    expect(await screen.findByText('No video URL available for this sermon.')).toBeTruthy();
  });

  it('gathers sermons of a series under it, and offers a player for a sermon with a recording', async () => {
    const inRomans = (id: number): Sermon => ({ ...sermon(id), series: romans });
    serve({
      '/api/sermons/latest/': [
        sermon(1),
        inRomans(2),
        sermon(3),
        {
          ...inRomans(4),
          audio_url: '/media/sermons/audio/romans-8.mp3',
          audio_type: 'audio/mpeg',
          audio_size: 41_000_000,
          audio_duration_seconds: 2530,
        },
      ],
      '/api/albums/public/': [],
    });
    renderPage(<MediaPage />);

    const group = await screen.findByRole('region', { name: 'Romans' });
    expect(within(group).getByText('Paul’s letter, chapter by chapter.')).toBeTruthy();
    const inGroup = within(group).getByRole('list', { name: 'Sermons in Romans' });
    expect(
      within(inGroup)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Sermon 2', 'Sermon 4']);
    const others = screen.getByRole('list', { name: 'More sermons' });
    expect(
      within(others)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Sermon 3']);

    const player = within(group).getByLabelText('Listen to Sermon 4');
    expect(player.tagName).toBe('AUDIO');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('src')).toBe('/media/sermons/audio/romans-8.mp3');
    expect(within(group).getByText('Listen (42 min)')).toBeTruthy();
    expect(screen.getAllByLabelText(/^Listen to/)).toHaveLength(1);
  });

  it('says so when the media cannot be loaded', async () => {
    serve({ '/api/sermons/latest/': new Response('boom', { status: 500 }), '/api/albums/public/': [] });
    renderPage(<MediaPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load media content. Please try again later.',
    );
  });
});
