import type { FundProgress as Progress } from '@gather/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render-page';
import { FundProgress } from './FundProgress';

function answering(progress: Progress) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(progress), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => vi.unstubAllGlobals());

describe('the building fund progress bar', () => {
  it('shows received, pledged and the goal per currency, readable by a screen reader', async () => {
    answering({
      visible: true,
      currencies: [
        { currency: 'GBP', goal: '10000.00', received: '2550.50', pledged: '4000.00' },
        { currency: 'USD', goal: '500.00', received: '750.00', pledged: '750.00' },
      ],
    });
    renderPage(<FundProgress />);
    const [pounds, dollars] = await screen.findAllByRole('progressbar');
    expect(pounds!.getAttribute('aria-valuenow')).toBe('25');
    expect(pounds!.getAttribute('aria-valuetext')).toBe(
      '25%: £2,550.50 received of £10,000.00 goal; £4,000.00 pledged',
    );
    // More than the goal fills the bar, no further.
    expect(dollars!.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('£2,550.50')).toBeTruthy();
    expect(screen.getByText('£10,000.00')).toBeTruthy();
  });

  it('shows nothing while staff keep the progress private', async () => {
    const fetch = answering({ visible: false, currencies: [] });
    const { container } = renderPage(<FundProgress />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
