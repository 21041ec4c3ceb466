import type { StaffPledge } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffPledge } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { PledgesPage } from './PledgesPage';

const PLEDGES = [staffPledge(1, 'Tomi'), staffPledge(2, 'Kemi', { is_overdue: true, currency: 'USD' })];
let requests: { method: string; url: URL; body: unknown }[] = [];
/** What recorded gifts changed on each pledge, as the server would then answer it everywhere. */
let giftsChanged: Record<number, Partial<StaffPledge>> = {};
const current = (row: StaffPledge) => ({ ...row, ...giftsChanged[row.id] });

beforeEach(() => {
  requests = [];
  giftsChanged = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://church.test');
      const method = init.method ?? 'GET';
      requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/summary/')) {
        return json({ totals: { GBP: '500.00', USD: '500.00' }, count: 2, overdue_count: 1 });
      }
      if (url.pathname.endsWith('/bulk/')) return json({ deleted: 2 });
      const gifts = /\/(\d+)\/gifts\/$/.exec(url.pathname);
      if (gifts) {
        const pledge = PLEDGES.find((row) => row.id === Number(gifts[1]))!;
        if (method === 'GET') return json({ pledge: current(pledge), results: [] });
        // A gift of the whole balance, answered as the server does: paid and remaining from the gifts.
        giftsChanged[pledge.id] = { paid: pledge.total_pledge, remaining_balance: '0.00', gift_count: 1 };
        return json(current(pledge));
      }
      const one = /\/(\d+)\/$/.exec(url.pathname);
      if (one) {
        const pledge = current(PLEDGES.find((row) => row.id === Number(one[1]))!);
        return json({ ...pledge, ...(method === 'GET' ? {} : (requests.at(-1)!.body ?? {})) });
      }
      return json({ count: PLEDGES.length, next: null, previous: null, results: PLEDGES.map(current) });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const lists = () => requests.filter((request) => request.method === 'GET' && /donations\/$/.test(request.url.pathname));

describe('the pledges table', () => {
  it('shows totals per currency, marks overdue pledges and sorts on the server', async () => {
    const { user } = renderPage(<PledgesPage />);
    expect(await screen.findByText('£500.00 / $500.00')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Kemi/ })).getByText('Overdue')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Tomi/ })).queryByText('Overdue')).toBeNull();
    expect(lists()[0]!.url.searchParams.get('ordering')).toBe('-created_at');
    expect(screen.getByText('Showing 1 to 2 of 2 donations')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Donor Name/ }));
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.get('ordering')).toBe('name'));
    await user.click(screen.getByRole('button', { name: /Donor Name/ }));
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.get('ordering')).toBe('-name'));
  });

  it('deletes the selected pledges in one call after confirming the count', async () => {
    const { user } = renderPage(<PledgesPage />);
    await user.click(await screen.findByLabelText('Select Tomi Adebayo'));
    await user.click(screen.getByLabelText('Select Kemi Adebayo'));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete donations' });
    expect(within(dialog).getByText('Are you sure you want to delete 2 donations?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('2 donations deleted')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { ids: [1, 2], delete: true },
    ]);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('saves the status at once and the notes when the box is left', async () => {
    const { user } = renderPage(<PledgesPage />);
    await user.click(await screen.findByRole('button', { name: 'View Tomi Adebayo' }));
    const dialog = screen.getByRole('dialog', { name: 'Tomi Adebayo' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'completed');
    await user.type(within(dialog).getByLabelText(/Admin notes/), 'Paid by cheque');
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    await user.tab();

    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
        { payment_status: 'completed' },
        { admin_notes: 'Paid by cheque' },
      ]),
    );
    expect(screen.getByText('Status set to Completed')).toBeTruthy();
  });

  it('records a gift in the details modal and offers to complete a fully paid pledge', async () => {
    const { user } = renderPage(<PledgesPage />);
    await user.click(await screen.findByRole('button', { name: 'View Tomi Adebayo' }));
    const dialog = screen.getByRole('dialog', { name: 'Tomi Adebayo' });
    expect(within(dialog).getByText('Paid').nextElementSibling!.textContent).toBe('£0.00');
    expect(within(dialog).queryByText('Fully paid — mark as completed?')).toBeNull();

    await user.type(within(dialog).getByLabelText(/Amount/), '500');
    await user.selectOptions(within(dialog).getByLabelText(/Method/), 'cheque');
    await user.type(within(dialog).getByLabelText(/Reference/), 'Cheque 104');
    await user.click(within(dialog).getByRole('button', { name: 'Record gift' }));

    const recorded = await waitFor(() => requests.find((request) => request.method === 'POST')!);
    expect(recorded.url.pathname).toBe('/api/admin/building-fund-donations/1/gifts/');
    expect(recorded.body).toMatchObject({ amount: '500', method: 'cheque', reference: 'Cheque 104' });
    expect(await within(dialog).findByText('Fully paid — mark as completed?')).toBeTruthy();
    expect(within(dialog).getByText('Paid').nextElementSibling!.textContent).toBe('£500.00');
    expect(within(dialog).getByText('Remaining balance').nextElementSibling!.textContent).toBe('£0.00');

    await user.click(within(dialog).getByRole('button', { name: 'Mark as completed' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
        { payment_status: 'completed' },
      ]),
    );
  });

  it('asks only for pledges behind schedule when that filter is chosen', async () => {
    const { user } = renderPage(<PledgesPage />);
    await screen.findByRole('button', { name: 'View Tomi Adebayo' });
    await user.selectOptions(screen.getByLabelText('Schedule'), 'true');
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.get('behind_schedule')).toBe('true'));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('behind_schedule=true');
  });
});
