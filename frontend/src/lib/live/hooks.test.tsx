import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { renderLiveHook } from '../../test/render';
import { useConnectionState, usePollingFallback } from './hooks';
import { useJobsRoom } from './jobs';

/** A moderator's view is polled every 3 s while offline, the photo collections every 30 s. */
const EVERY_3_S = 3_000;
const EVERY_30_S = 30_000;
const ignoreProgress = () => {};

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => server.close());

it('polls at the given interval only while the socket is not connected', async () => {
  const { result } = renderLiveHook(
    () => ({
      moderator: usePollingFallback(EVERY_3_S),
      collections: usePollingFallback(EVERY_30_S),
      state: useConnectionState(),
      room: useJobsRoom('export', ignoreProgress, []),
    }),
    server.connections,
  );
  expect(result.current).toMatchObject({ state: 'connecting', moderator: 3_000, collections: 30_000 });
  await waitFor(() =>
    expect(result.current).toMatchObject({ state: 'connected', moderator: false, collections: false }),
  );

  server.signIn.refusing = true;
  server.drop();
  await waitFor(() =>
    expect(result.current).toMatchObject({ state: 'offline', moderator: 3_000, collections: 30_000 }),
  );
  // Refused connections are retried with backoff, and polling goes on meanwhile.
  await waitFor(() => expect(server.signIn.refusals).toBeGreaterThanOrEqual(3));
  expect(result.current.moderator).toBe(3_000);

  server.signIn.refusing = false;
  await waitFor(() => expect(result.current).toMatchObject({ state: 'connected', moderator: false }));
  await waitFor(() => expect(result.current.room.joined).toBe(true));
});

it('opens no socket for a page that follows no room', async () => {
  const { result } = renderLiveHook(() => usePollingFallback(EVERY_3_S), server.connections);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.staff.sockets.size).toBe(0);
  expect(result.current).toBe(3_000);
});
