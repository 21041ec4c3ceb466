import type { ActivityEntry } from '@gather/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { ActivitySection } from './ActivitySection';

const deleted: ActivityEntry = {
  id: 2,
  at: '2026-11-01T10:30:00.000Z',
  staff: 'ruth',
  action: 'delete',
  method: 'DELETE',
  path: '/api/photo-collections/uploads/7/',
  subject: 'upload',
  subject_id: '7',
  summary: "Delete an upload and its file — upload #7 'IMG_2041.jpg'",
  before: { id: 7, originalFilename: 'IMG_2041.jpg', uploaderName: '<b>Martha</b>' },
  after: null,
};
const edited: ActivityEntry = {
  ...deleted,
  id: 1,
  staff: 'james',
  action: 'edit',
  method: 'PUT',
  subject: 'sermon',
  summary: "Replace a sermon with the form as sent — sermon #3 'Harvest'",
  before: { id: 3, title: 'Harvest', speaker: 'Ruth' },
  after: { id: 3, title: 'Harvest', speaker: 'James' },
};

let requests: URL[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://church.test');
      requests.push(url);
      const body = url.pathname.endsWith('/filters/')
        ? { staff: ['james', 'ruth'], subjects: ['sermon', 'upload'] }
        : { count: 2, next: null, previous: null, results: [deleted, edited] };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const lastList = () => requests.filter((url) => url.pathname === '/api/admin/activity/').at(-1)!;

describe('the activity page', () => {
  it('lists changes and opens one to show what was deleted, as text', async () => {
    const { user } = renderPage(<ActivitySection />);
    const row = (await screen.findByText(deleted.summary)).closest('details')!;
    expect(within(row).getByText('Deleted')).toBeTruthy();
    await user.click(within(row).getByText(deleted.summary));
    expect(row.open).toBe(true);
    expect(within(row).getByRole('rowheader', { name: 'Original filename' })).toBeTruthy();
    expect(within(row).getByText('IMG_2041.jpg')).toBeTruthy();
    // A name typed as markup stays markup on the page, never a bold element.
    expect(within(row).getByText('<b>Martha</b>')).toBeTruthy();
    expect(row.querySelector('b')).toBeNull();
  });

  it('shows an edit as the fields that changed, before and after', async () => {
    const { user } = renderPage(<ActivitySection />);
    const row = (await screen.findByText(edited.summary)).closest('details')!;
    await user.click(within(row).getByText(edited.summary));
    const speaker = within(row).getByRole('rowheader', { name: 'Speaker' }).closest('tr')!;
    expect([...speaker.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Ruth', 'James']);
    expect(within(row).queryByRole('rowheader', { name: 'Title' })).toBeNull();
  });

  it('asks the server with the filters chosen', async () => {
    const { user } = renderPage(<ActivitySection />);
    await screen.findByText(edited.summary);
    await user.selectOptions(await screen.findByLabelText('Staff member'), 'ruth');
    await user.selectOptions(screen.getByLabelText('Kind of thing'), 'upload');
    await user.type(screen.getByLabelText('Search'), 'harvest');
    await vi.waitFor(() => expect(lastList().searchParams.get('search')).toBe('harvest'));
    expect(lastList().searchParams.get('staff')).toBe('ruth');
    expect(lastList().searchParams.get('subject')).toBe('upload');
    expect(lastList().searchParams.get('page')).toBe('1');
  });
});
