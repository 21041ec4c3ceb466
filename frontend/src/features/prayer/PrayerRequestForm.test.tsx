import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formClock } from '../../lib/spam-check';
import { renderPage } from '../../test/render-page';
import { answerEveryCallWith } from '../../test/answers';
import { PrayerRequestForm } from './PrayerRequestForm';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the prayer request form', () => {
  it('keeps a request for the pastoral team unless the visitor chooses the wall, and says who reads it', async () => {
    const fetch = answerEveryCallWith(201, { message: 'We are praying with you.' });
    let now = 0;
    vi.spyOn(formClock, 'now').mockImplementation(() => now);
    const { user } = renderPage(<PrayerRequestForm />);
    expect((screen.getByLabelText('The pastoral team only') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Only our pastoral team will read your request/)).toBeTruthy();

    await user.type(screen.getByLabelText(/^Your prayer request/), 'Pray for my exams.');
    await user.click(screen.getByLabelText('Share it on the prayer wall without my name'));
    expect(screen.getByText(/anyone visiting the prayer wall can read it, with no name/)).toBeTruthy();
    now = 30_000;
    await user.click(screen.getByRole('button', { name: 'Send Prayer Request' }));

    expect(await screen.findByText('We are praying with you.')).toBeTruthy();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/prayer-requests/');
    expect(JSON.parse(String(init?.body))).toEqual({
      text: 'Pray for my exams.',
      name: '',
      email: null,
      visibility: 'wall_anonymous',
      hear_back: false,
      website: '',
      fill_time_ms: 30_000,
    });
  });

  it('asks for an address before promising to write back, and sends nothing', async () => {
    const fetch = answerEveryCallWith(201, {});
    const { user } = renderPage(<PrayerRequestForm />);
    await user.type(screen.getByLabelText(/^Your prayer request/), 'Pray for my mother.');
    await user.click(screen.getByLabelText(/E-mail me, at most once a day/));
    await user.click(screen.getByRole('button', { name: 'Send Prayer Request' }));
    await waitFor(() => expect(screen.getByText('Enter your e-mail address to hear back.')).toBeTruthy());
    expect(fetch).not.toHaveBeenCalled();
  });
});
