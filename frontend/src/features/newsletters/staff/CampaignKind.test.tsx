import type { Recipient } from '@gather/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaign } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { EmailsSection } from './EmailsSection';
import { fakeEmailApi } from './fake-email-api';

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
  ({ posted } = fakeEmailApi(RECIPIENTS, campaign({ kind: 'service', total: 3, pending: 3 }), {
    ...campaign({ status: 'draft' }),
    content: '',
    recipients: [],
    failed_deliveries: [],
  }));
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
