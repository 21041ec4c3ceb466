import type { Recipient } from '@gather/contracts';
import { liveRooms } from '@gather/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaign } from '../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderPage } from '../../../test/render-page';
import { EmailsSection } from './EmailsSection';
import { fakeEmailApi } from './fake-email-api';

const RECIPIENTS: Recipient[] = [
  {
    email: 'ruth@example.org',
    name: 'Ruth',
    source: 'newsletter',
    sources: ['newsletter'],
    unsubscribed: false,
    consent: true,
  },
  {
    email: 'boaz@example.org',
    name: 'Boaz',
    source: 'building_fund',
    sources: ['building_fund'],
    unsubscribed: false,
    consent: false,
  },
  {
    email: 'naomi@example.org',
    name: 'Naomi',
    source: 'contact',
    sources: ['contact', 'newsletter'],
    unsubscribed: false,
    consent: true,
  },
  {
    email: 'gone@example.org',
    name: 'Gone',
    source: 'newsletter',
    sources: ['newsletter'],
    unsubscribed: true,
    consent: false,
  },
];

const SENT = campaign({ id: 41, subject: 'Harvest supper', total: 2, pending: 2 });

let server: LiveServer;
let posted: unknown[] = [];
let drafts: unknown[] = [];
const DRAFT = { ...campaign({ id: 7, status: 'draft' }), content: '', recipients: [], failed_deliveries: [] };

beforeEach(async () => {
  server = await startLiveServer();
  ({ posted, drafts } = fakeEmailApi(RECIPIENTS, SENT, DRAFT));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const show = () => renderPage(<EmailsSection />, { connections: server.connections });

describe('send emails', () => {
  it('checks a custom recipient before adding it, and a custom sender against the church domain', async () => {
    const { user } = show();
    await screen.findByText('ruth@example.org');
    expect(screen.queryByText('gone@example.org')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Email' }).hasAttribute('disabled')).toBe(true);

    // A typed address's consent is unknown, so it is for a service message.
    await user.click(screen.getByLabelText('Service message'));
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    const address = screen.getByLabelText('Add an email address');
    await user.type(address, 'ruth@');
    await user.click(add);
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'RUTH@example.org');
    await user.click(add);
    expect(screen.getByText('This email is already added')).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'jesse@example.org');
    await user.click(add);
    expect(screen.getByText('1 recipient selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Email' }).hasAttribute('disabled')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Sender'), 'custom');
    await user.type(screen.getByLabelText(/Sender email/), 'pastor@elsewhere.org');
    expect(screen.getByText('Email must be from @gather.church domain')).toBeTruthy();
  });

  it('sends to the filtered recipients after confirmation, resets the form and shows live progress', async () => {
    const { user } = show();
    await screen.findByText('ruth@example.org');
    await user.selectOptions(screen.getByLabelText('Source'), 'newsletter');
    await user.click(screen.getByLabelText('Select all (2)'));
    expect(screen.getByText('2 recipients selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(screen.getByText('Please fill in both subject and content')).toBeTruthy();

    await user.type(screen.getByLabelText(/Subject/), 'Harvest supper');
    await user.type(screen.getByLabelText(/Content/), 'Line one{Enter}Line two');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = screen.getByRole('dialog', { name: 'Send email' });
    expect(within(dialog).getByText('Send this email to 2 recipients?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Email sent successfully!')).toBeTruthy();
    expect(posted).toEqual([
      {
        recipients: [
          { email: 'ruth@example.org', name: 'Ruth' },
          { email: 'naomi@example.org', name: 'Naomi' },
        ],
        subject: 'Harvest supper',
        content: 'Line one<br>Line two',
        kind: 'newsletter',
      },
    ]);
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('0 recipients selected')).toBeTruthy();

    const progress = await screen.findByRole('region', { name: 'Sending progress' });
    await waitFor(() => expect(server.joins).toContain(liveRooms.jobs));
    server.staff
      .to(liveRooms.jobs)
      .emit('job:progress', { kind: 'campaign', campaign: { ...SENT, sent: 2, pending: 0 } });
    await waitFor(() => expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2'));
  });

  it('saves what is typed as a draft and says so', async () => {
    const { user } = show();
    await screen.findByText('ruth@example.org');
    await user.type(screen.getByLabelText(/Subject/), 'Advent');
    expect(await screen.findByText('Saved', {}, { timeout: 5_000 })).toBeTruthy();
    expect(drafts[0]).toEqual({
      recipients: [],
      subject: 'Advent',
      content: '',
      kind: 'newsletter',
      from_email: '',
      from_name: '',
    });
  });
});
