import type { ContactSubmission } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { ContactsPage } from './ContactsPage';

const TOTAL = 57;

function message(id: number): ContactSubmission {
  return {
    id,
    name: `Sender ${id}`,
    email: `sender${id}@example.org`,
    phone: '',
    subject: 'A subject long enough to be cut in the table',
    message: 'Hello',
    is_read: false,
    created_at: new Date(Date.UTC(2026, 10, 1, 9, id)).toISOString(),
  };
}

let requests: URL[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://church.test');
      requests.push(url);
      const page = Number(url.searchParams.get('page'));
      const results = Array.from({ length: 10 }, (_, index) => message((page - 1) * 10 + index + 1)).filter(
        (row) => row.id <= TOTAL,
      );
      const body = JSON.stringify({ count: TOTAL, next: null, previous: null, results });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);

describe('the contact inbox', () => {
  it('asks the server for ten newest-first messages a page and offers two pages either side', async () => {
    const { user } = renderPage(<ContactsPage />);
    expect(await screen.findByText('Sender 1')).toBeTruthy();
    expect(requests[0]!.searchParams.get('page_size')).toBe('10');
    expect(requests[0]!.searchParams.get('ordering')).toBe('-created_at');
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(screen.getAllByText('A subject long enough to be cu...').length).toBe(10);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Sender 21');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Sender 31');
    expect(pageButtons()).toEqual(['2', '3', '4', '5', '6']);
    expect(screen.getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');
  });

  it('goes back to page 1 when the filter changes', async () => {
    const { user } = renderPage(<ContactsPage />);
    await screen.findByText('Sender 1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Sender 11');

    await user.selectOptions(screen.getByLabelText('Show'), 'Unread');
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('is_read')).toBe('false'));
    expect(requests.at(-1)!.searchParams.get('page')).toBe('1');
    await screen.findByText('Sender 1');
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('opening a message', () => {
  it('marks it read once and keeps it open, though the unread list no longer holds it', async () => {
    const read = new Set<number>();
    const marks: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://church.test');
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
        const marked = /\/(\d+)\/mark-read\/$/.exec(url.pathname);
        if (marked && init.method === 'POST') {
          marks.push(url.pathname);
          read.add(Number(marked[1]));
          return json({ ...message(Number(marked[1])), is_read: true });
        }
        const unreadOnly = url.searchParams.get('is_read') === 'false';
        const rows = [1, 2]
          .map((id) => ({ ...message(id), is_read: read.has(id) }))
          .filter((row) => !unreadOnly || !row.is_read);
        return json({ count: rows.length, next: null, previous: null, results: rows });
      }),
    );
    const { user } = renderPage(<ContactsPage />);
    await user.selectOptions(screen.getByLabelText('Show'), 'Unread');
    await screen.findAllByText('Sender 1');
    await user.click(await screen.findByRole('button', { name: 'View message from Sender 1' }));

    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(marks).toEqual(['/api/admin/contact-submissions/1/mark-read/']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'View message from Sender 1' })).toBeNull());
    expect(within(screen.getByRole('dialog')).getByText('Hello')).toBeTruthy();
  });
});
