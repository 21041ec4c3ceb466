import type { SiteHealth } from '@gather/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { renderPage } from '../../test/render-page';
import { SiteHealthLine } from './SiteHealthLine';

function answering(health: SiteHealth) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(health), { headers: { 'content-type': 'application/json' } })),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('SiteHealthLine', () => {
  it('says what is wrong: a silent worker and a disk nearly full', async () => {
    answering({
      problems: [
        { check: 'worker', status: 'failing', detail: 'no worker is running: mail, photos and zips wait' },
        { check: 'disk', status: 'warning', detail: '0.8 GB free for media (3%): the disk is nearly full' },
      ],
    });
    renderPage(<SiteHealthLine />);
    const line = await screen.findByRole('alert');
    expect(line.textContent).toBe(
      'Site health: Background worker: no worker is running: mail, photos and zips wait. ' +
        'Disk: 0.8 GB free for media (3%): the disk is nearly full.',
    );
  });

  it('shows nothing when all is well', async () => {
    answering({ problems: [] });
    const { queryClient } = renderPage(<SiteHealthLine />);
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.siteHealth())?.status).toBe('success'));
    expect(screen.queryByText(/Site health/)).toBeNull();
  });
});
