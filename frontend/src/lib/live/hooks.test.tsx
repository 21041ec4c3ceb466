import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { renderLiveHook } from '../../test/render';
import { COLLECTIONS_POLL_MS, MODERATOR_POLL_MS, useConnectionState, usePollingFallback } from './hooks';
import { useJobsRoom } from './rooms';

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => server.close());

it('polls at the spec’s interval only while the socket is not connected', async () => {
  const { result } = renderLiveHook(
    () => ({
      moderator: usePollingFallback(MODERATOR_POLL_MS),
      collections: usePollingFallback(COLLECTIONS_POLL_MS),
      state: useConnectionState(),
      room: useJobsRoom(),
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
  const { result } = renderLiveHook(() => usePollingFallback(MODERATOR_POLL_MS), server.connections);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.staff.sockets.size).toBe(0);
  expect(result.current).toBe(3_000);
});
