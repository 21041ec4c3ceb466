import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useJobsRoom } from '../../lib/live/jobs';
import { queryKeys } from '../../lib/query-keys';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { fakeApi, renderLiveHook } from '../../test/render';
import { useSessionEndNoticed } from './api';

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => server.close());

it('asks who is signed in when the server ends the live connection, and not when the network drops it', async () => {
  const me = fakeApi({ username: 'verger' });
  const { result } = renderLiveHook(() => {
    useSessionEndNoticed();
    const room = useJobsRoom('export', () => {}, []);
    useQuery({ queryKey: queryKeys.auth.me(), queryFn: me.fetch, staleTime: Infinity });
    return room;
  }, server.connections);
  await waitFor(() => expect(result.current.joined).toBe(true));
  expect(me.fetches).toBe(1);

  server.drop();
  await waitFor(() => expect(server.joins.length).toBe(2));
  await waitFor(() => expect(result.current.joined).toBe(true));
  expect(me.fetches).toBe(1);

  server.endStaffSessions();
  await waitFor(() => expect(me.fetches).toBe(2));
});
