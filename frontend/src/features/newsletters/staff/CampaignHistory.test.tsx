import type { Campaign } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaign } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { CampaignHistory } from './CampaignHistory';

const CAMPAIGNS: Campaign[] = [
  campaign({ id: 1, subject: 'Draft one', status: 'draft' }),
  campaign({ id: 2, subject: 'Later', status: 'scheduled', scheduled_at: '2026-12-24T18:00:00.000Z' }),
  campaign({ id: 3, subject: 'Going out', status: 'sending' }),
  campaign({ id: 4, subject: 'Held', status: 'paused', paused_reason: 'Most recent messages failed' }),
  campaign({ id: 5, subject: 'Mostly there', status: 'sent_with_failures' }),
];

let server: LiveServer;
let calls: string[] = [];

beforeEach(async () => {
  server = await startLiveServer();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (init.method && init.method !== 'GET') {
        calls.push(`${init.method} ${input}`);
        if (init.method === 'DELETE') return new Response(null, { status: 204 });
        return json({ ...CAMPAIGNS[0], id: 9, content: '', recipients: [], failed_deliveries: [] });
      }
      return json({ count: CAMPAIGNS.length, next: null, previous: null, results: CAMPAIGNS });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const row = (subject: string) => screen.getByRole('row', { name: new RegExp(subject) });
const buttons = (subject: string) =>
  within(row(subject))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the list of emails', () => {
  it('offers what each state allows, and says why a campaign paused itself', async () => {
    const opened: number[] = [];
    renderPage(<CampaignHistory onOpenDraft={(id) => opened.push(id)} />, { connections: server.connections });
    await screen.findByText('Draft one');
    expect(buttons('Draft one')).toEqual(['Open', 'Delete']);
    expect(buttons('Later')).toEqual(['Details', 'Unschedule', 'Cancel sending', 'Duplicate']);
    expect(buttons('Going out')).toEqual(['Details', 'Pause', 'Cancel sending', 'Duplicate']);
    expect(buttons('Held')).toEqual(['Details', 'Resume', 'Cancel sending', 'Duplicate']);
    expect(buttons('Mostly there')).toEqual(['Details', 'Retry failed', 'Duplicate']);
    expect(within(row('Held')).getByText(/Most recent messages failed/)).toBeTruthy();
    expect(within(row('Draft one')).getByText('Draft')).toBeTruthy();
    expect(within(row('Mostly there')).getByText('Sent with failures')).toBeTruthy();
  });

  it('pauses, resumes, duplicates into a new draft and deletes a draft after asking', async () => {
    const opened: number[] = [];
    const { user } = renderPage(<CampaignHistory onOpenDraft={(id) => opened.push(id)} />, {
      connections: server.connections,
    });
    await screen.findByText('Draft one');
    await user.click(within(row('Going out')).getByRole('button', { name: 'Pause' }));
    await user.click(within(row('Held')).getByRole('button', { name: 'Resume' }));
    await user.click(within(row('Mostly there')).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(opened).toEqual([9]));
    await user.click(within(row('Draft one')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete draft' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(calls).toEqual([
        'POST /api/admin/email/campaigns/3/pause/',
        'POST /api/admin/email/campaigns/4/resume/',
        'POST /api/admin/email/campaigns/5/duplicate/',
        'DELETE /api/admin/email/campaigns/1/',
      ]),
    );
  });
});
