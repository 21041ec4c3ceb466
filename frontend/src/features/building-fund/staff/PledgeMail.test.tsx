import type { StaffPledge } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffPledge } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { PledgesPage } from './PledgesPage';
import { TaxYearStatements } from './TaxYearStatements';

const PLEDGE = staffPledge(7, 'Tomi');
let requests: { method: string; path: string; body: unknown }[] = [];
/** The pledge as the fake server holds it. */
let stored: StaffPledge;

beforeEach(() => {
  requests = [];
  stored = { ...PLEDGE };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://church.test');
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      requests.push({ method: init.method ?? 'GET', path: url.pathname, body });
      const json = (answer: unknown, status = 200) =>
        new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/summary/'))
        return json({ totals: { GBP: '500.00', USD: '0.00' }, count: 1, overdue_count: 0 });
      if (url.pathname.endsWith('/reminders/')) {
        stored = { ...stored, reminders_enabled: body!.enabled as boolean };
        return json(stored);
      }
      if (url.pathname.endsWith('/statement/'))
        return json({ message: 'Statement queued. It will be sent in a moment.' }, 202);
      if (url.pathname.endsWith('/statements/'))
        return json(
          { campaign_id: 3, recipients: 2, message: 'Statements for 2025–26 are being sent to 2 donors.' },
          202,
        );
      if (url.pathname.endsWith('/7/gifts/')) return json({ pledge: stored, results: [] });
      if (url.pathname.includes('/gift-aid/')) return json({ count: 0, next: null, previous: null, results: [] });
      if (/\/7\/$/.test(url.pathname)) return json(stored);
      return json({ count: 1, next: null, previous: null, results: [stored] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const writes = () => requests.filter((request) => request.method !== 'GET');

describe('pledge reminders and statements', () => {
  it('switches a pledge’s reminders off and sends its statement once confirmed', async () => {
    const { user } = renderPage(<PledgesPage />);
    await user.click(await screen.findByRole('button', { name: 'View Tomi Adebayo' }));
    const dialog = screen.getByRole('dialog', { name: 'Tomi Adebayo' });
    const reminders = within(dialog).getByLabelText(/E-mail the donor before the pay-by date/);
    expect((reminders as HTMLInputElement).checked).toBe(true);
    await user.click(reminders);
    await waitFor(() => expect((reminders as HTMLInputElement).checked).toBe(false));
    expect(screen.getByText('Reminders switched off')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Send statement' }));
    const confirm = screen.getByRole('dialog', { name: 'Send statement' });
    await user.click(within(confirm).getByRole('button', { name: 'Send statement' }));
    expect(await screen.findByText('Statement queued. It will be sent in a moment.')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'PUT', path: '/api/admin/building-fund-donations/7/reminders/', body: { enabled: false } },
      { method: 'POST', path: '/api/admin/building-fund-donations/7/statement/', body: undefined },
    ]);
  });

  it('sends the chosen tax year’s statements after asking', async () => {
    const { user } = renderPage(<TaxYearStatements />);
    const year = await screen.findByLabelText('Tax year');
    const choice = (year as HTMLSelectElement).options[2]!.value;
    await user.selectOptions(year, choice);
    await user.click(screen.getByRole('button', { name: 'Send statements' }));
    const confirm = screen.getByRole('dialog', { name: 'Send statements' });
    expect(within(confirm).getByText(new RegExp(`tax year ${choice} \\(6 April to 5 April\\)`))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Send statements' }));
    expect(await screen.findByText('Statements for 2025–26 are being sent to 2 donors.')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/admin/building-fund/statements/', body: { tax_year: choice } },
    ]);
  });
});
