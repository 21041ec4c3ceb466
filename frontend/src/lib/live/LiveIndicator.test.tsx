import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { renderLive } from '../../test/render';
import { useJobsRoom } from './jobs';
import { LiveIndicator } from './LiveIndicator';

/** A moderator's view is polled every 3 s while offline, the photo collections every 30 s. */
const EVERY_3_S = 3_000;
const EVERY_30_S = 30_000;
const ignoreProgress = () => {};

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => server.close());

function FollowsJobs() {
  useJobsRoom('export', ignoreProgress, []);
  return null;
}

it('tells staff, politely, whether the screen is live or polled', async () => {
  renderLive(
    <>
      <LiveIndicator intervalMs={EVERY_3_S} />
      <FollowsJobs />
    </>,
    server.connections,
  );
  const status = screen.getByRole('status');
  expect(status).toHaveProperty('ariaLive', 'polite');
  expect(status.textContent).toBe('Connecting…');
  expect(status.dataset.state).toBe('connecting');

  await waitFor(() => expect(status.textContent).toBe('Live'));
  expect(status.dataset.state).toBe('connected');

  server.signIn.refusing = true;
  server.drop();
  await waitFor(() => expect(status.textContent).toBe('Offline — refreshing every 3 s'));
  expect(status.dataset.state).toBe('offline');

  server.signIn.refusing = false;
  await waitFor(() => expect(status.textContent).toBe('Live'));
});

it('says offline, with the interval it is given, when the first connection is refused', async () => {
  server.signIn.refusing = true;
  renderLive(
    <>
      <LiveIndicator intervalMs={EVERY_30_S} />
      <FollowsJobs />
    </>,
    server.connections,
  );
  const status = screen.getByRole('status');
  await waitFor(() => expect(status.textContent).toBe('Offline — refreshing every 30 s'));
});
