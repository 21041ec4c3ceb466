import type { SiteSettings } from '@gather/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { GivePage } from './GivePage';

const site: SiteSettings = {
  church_name: 'Gather Church',
  address: '12 Holloway Road, London N7 8JL',
  phone: '020 7946 0321',
  email: 'office@gatherchurch.org.uk',
  live_stream_url: 'https://meet.example.org/live',
  online_giving_url: 'https://pay.example.org/gather',
  bank: {
    account_name: 'Gather Church',
    bank_name: 'Barclays Bank',
    sort_code: '20-00-00',
    account_number: '12345678',
  },
  social: { facebook: null, instagram: null, youtube: null },
  service_times: ['Sunday 10:00 AM: Main Service'],
  map: null,
  email_domain: 'gatherchurch.org.uk',
  default_sender: { email: 'office@gatherchurch.org.uk', name: 'Gather Church' },
};

function serveSite() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(site), { headers: { 'content-type': 'application/json' } })),
  );
}

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => vi.unstubAllGlobals());

describe('the give page', () => {
  it('copies all four bank details at once and says so', async () => {
    serveSite();
    const { user } = renderPage(<GivePage />);
    // After renderPage: user-event puts its own clipboard in place when it is set up.
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    expect(await screen.findByText('20-00-00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Give online/ }).getAttribute('href')).toBe(
      'https://pay.example.org/gather',
    );

    await user.click(screen.getByRole('button', { name: 'Copy bank details' }));
    expect(await screen.findByText('Bank details copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(
      'Account name: Gather Church\nBank: Barclays Bank\nSort code: 20-00-00\nAccount number: 12345678',
    );
  });

  it('says when the details could not be copied', async () => {
    serveSite();
    const { user } = renderPage(<GivePage />);
    clipboard(async () => Promise.reject(new Error('denied')));
    document.execCommand = () => false;
    await user.click(await screen.findByRole('button', { name: 'Copy bank details' }));
    expect(await screen.findByText('Failed to copy to clipboard.')).toBeTruthy();
  });

  it('offers every kind of gift, with an offering chosen to begin with', async () => {
    serveSite();
    renderPage(<GivePage />);
    const kind = (await screen.findByLabelText(/^Type of gift/)) as HTMLSelectElement;
    expect(kind.value).toBe('offering');
    expect([...kind.options].map((option) => option.value)).toEqual([
      'tithe',
      'offering',
      'missions',
      'building',
      'special',
      'other',
    ]);
  });
});
