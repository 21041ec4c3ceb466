import type { Recipient } from '@gather/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaign } from '../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { renderPage } from '../../test/render-page';
import { EmailsSection } from './EmailsSection';

const person = (email: string, name: string, consent: boolean): Recipient => ({
  email,
  name,
  source: 'building_fund',
  sources: ['building_fund'],
  unsubscribed: false,
  consent,
});
const RECIPIENTS = [
  person('ruth@example.org', 'Ruth', true),
  person('boaz@example.org', 'Boaz', false),
  person('orpah@example.org', 'Orpah', false),
];

let server: LiveServer;
let posted: unknown[] = [];

beforeEach(async () => {
  server = await startLiveServer();
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (input === '/api/site/')
        return json({
          church_name: 'Gather Church',
          email_domain: 'gather.church',
          default_sender: { email: 'no-reply@gather.church', name: 'Gather Church' },
        });
      if (input.startsWith('/api/admin/email/recipients/')) return json({ recipients: RECIPIENTS });
      if (input.startsWith('/api/admin/email/custom-senders/')) return json({ custom_senders: [] });
      if (input === '/api/admin/email/send/') {
        posted.push(JSON.parse(String(init.body)));
        return json({ id: 7, status: 'sending', total: 3 });
      }
      if (input === '/api/admin/email/campaigns/7/') {
        return json({ ...campaign({ kind: 'service', total: 3, pending: 3 }), content: '', failed_deliveries: [] });
      }
      return json({ count: 0, next: null, previous: null, results: [] });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

describe('newsletter or service message', () => {
  it('leaves people without consent out of a newsletter, and asks a service message to be confirmed', async () => {
    const { user } = renderPage(<EmailsSection />, { connections: server.connections });
    await screen.findByText('ruth@example.org');
    expect(screen.queryByText('boaz@example.org')).toBeNull();
    expect(screen.getByText('2 people are left out: they have not agreed to receive the newsletter')).toBeTruthy();
    expect(screen.getByText('Agreed to newsletter')).toBeTruthy();

    await user.click(screen.getByLabelText('Service message'));
    expect(screen.getByText('boaz@example.org')).toBeTruthy();
    expect(screen.queryByText(/left out/)).toBeNull();
    expect(screen.getAllByText('No newsletter consent')).toHaveLength(2);
    await user.click(screen.getByLabelText('Select all (3)'));
    await user.type(screen.getByLabelText(/Subject/), 'Your pledge');
    await user.type(screen.getByLabelText(/Content/), 'Thank you.');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(
      screen.getByText('Please confirm: this is about something these people asked for, and contains no marketing.'),
    ).toBeTruthy();
    expect(posted).toEqual([]);

    await user.click(
      screen.getByLabelText('This is about something these people asked for, and contains no marketing'),
    );
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Send email' })).getByRole('button', { name: 'Send' }));
    await screen.findByText('Email sent successfully!');
    expect(posted).toEqual([expect.objectContaining({ kind: 'service', subject: 'Your pledge' })]);
    expect((posted[0] as { recipients: unknown[] }).recipients).toHaveLength(3);
  });
});
