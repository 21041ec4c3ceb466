import { liveRooms, type Campaign, type CampaignDetail, type Page } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaign } from '../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { fakeApi, renderLiveHook } from '../../test/render';
import { JOIN_ANSWER_MS } from '../../lib/live/connection';
import { useJobsFallback } from '../../lib/live/jobs';
import { queryKeys } from '../../lib/query-keys';
import { readFollowed } from '../../lib/live/pushed';
import { useCampaignsRoom } from './live';

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => server.close());

describe('useCampaignsRoom', () => {
  it('moves a campaign’s counts along, and refetches a finished campaign', async () => {
    const detail: CampaignDetail = { ...campaign(), content: 'Dear {name},', recipients: [], failed_deliveries: [] };
    const detailApi = fakeApi(detail);
    const listApi = fakeApi<Page<Campaign>>({ count: 1, next: null, previous: null, results: [campaign()] });
    const { result } = renderLiveHook(
      () => ({
        room: useCampaignsRoom(),
        detail: useQuery({ queryKey: queryKeys.campaigns.detail(7), queryFn: detailApi.fetch }),
        list: useQuery({ queryKey: queryKeys.campaigns.list({ page: 1 }), queryFn: listApi.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(detailApi.fetches).toBe(2));
    const jobs = server.staff.to(liveRooms.jobs);

    jobs.emit('job:progress', { kind: 'campaign', campaign: campaign({ sent: 4, pending: 6 }) });
    await waitFor(() => expect(result.current.detail.data).toEqual({ ...detail, sent: 4, pending: 6 }));
    expect(result.current.list.data?.results).toEqual([campaign({ sent: 4, pending: 6 })]);
    expect(detailApi.fetches).toBe(2);

    const sent = campaign({ status: 'sent', sent: 9, failed: 1, pending: 0 });
    detailApi.answer = { ...detail, ...sent, failed_deliveries: [] };
    listApi.answer = { count: 1, next: null, previous: null, results: [sent] };
    jobs.emit('job:completed', { kind: 'campaign', campaign: sent });
    await waitFor(() => expect(detailApi.fetches).toBe(3));
    await waitFor(() => expect(result.current.list.data?.results).toEqual([sent]));
    expect(result.current.detail.data).toEqual(detailApi.answer);
  });

  it('refetches a scheduled campaign that the worker started, rather than keep showing it scheduled', async () => {
    const scheduled = campaign({ status: 'scheduled', scheduled_at: '2025-06-01T18:00:00.000Z' });
    const listApi = fakeApi<Page<Campaign>>({ count: 1, next: null, previous: null, results: [scheduled] });
    const { result } = renderLiveHook(
      () => ({
        room: useCampaignsRoom(),
        list: useQuery({ queryKey: queryKeys.campaigns.list({ page: 1 }), queryFn: listApi.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(result.current.list.data?.results[0]?.status).toBe('scheduled'));
    const fetched = listApi.fetches;

    const started = campaign({ status: 'sending', sent: 1, pending: 9, scheduled_at: scheduled.scheduled_at });
    listApi.answer = { count: 1, next: null, previous: null, results: [started] };
    server.staff.to(liveRooms.jobs).emit('job:progress', { kind: 'campaign', campaign: started });
    await waitFor(() => expect(result.current.list.data?.results).toEqual([started]));
    expect(listApi.fetches).toBeGreaterThan(fetched);
  });

  it('keeps progress pushed while the campaign is still loading, so the loaded counts are not stale', async () => {
    const detail: CampaignDetail = { ...campaign(), content: '', recipients: [], failed_deliveries: [] };
    let answer: (value: CampaignDetail) => void = () => undefined;
    const listApi = fakeApi<Page<Campaign>>({ count: 1, next: null, previous: null, results: [campaign()] });
    const { result } = renderLiveHook(() => {
      const room = useCampaignsRoom();
      const list = useQuery({ queryKey: queryKeys.campaigns.list({ page: 1 }), queryFn: listApi.fetch });
      const loading = useQuery({
        queryKey: queryKeys.campaigns.detail(7),
        queryFn: readFollowed(() => new Promise<CampaignDetail>((resolve) => (answer = resolve))),
        enabled: room.joined,
      });
      return { room, list, loading };
    }, server.connections);
    await waitFor(() => expect(result.current.loading.isFetching).toBe(true));
    await waitFor(() => expect(result.current.list.data?.results).toEqual([campaign()]));
    server.staff
      .to(liveRooms.jobs)
      .emit('job:progress', { kind: 'campaign', campaign: campaign({ sent: 3, pending: 7 }) });
    // The list row shows the push has arrived; the detail's answer was written before the worker sent those three.
    await waitFor(() => expect(result.current.list.data?.results).toEqual([campaign({ sent: 3, pending: 7 })]));
    answer(detail);
    await waitFor(() => expect(result.current.loading.data).toEqual({ ...detail, sent: 3, pending: 7 }));
  });

  it('asks again when a join goes unanswered, and polls until the room is joined', async () => {
    server.leaveUnanswered(liveRooms.jobs, 1);
    const { result } = renderLiveHook(
      () => ({ room: useCampaignsRoom(), fallback: useJobsFallback(3_000) }),
      server.connections,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(result.current.room.joined).toBe(false);
    expect(result.current.fallback).toBe(3_000);
    await waitFor(() => expect(result.current.room.joined).toBe(true), { timeout: JOIN_ANSWER_MS + 5_000 });
    expect(result.current.fallback).toBe(false);
    expect(server.joins).toEqual([liveRooms.jobs]);
  }, 20_000);
});
