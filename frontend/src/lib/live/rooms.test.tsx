import {
  LIVE_ERRORS,
  liveRooms,
  type Campaign,
  type CampaignDetail,
  type CollectionExport,
  type Page,
  type PublicSession,
  type StaffCollectionUpload,
  type StaffQuestion,
} from '@gather/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  campaign,
  COLLECTION,
  EXPORT,
  OTHER_SESSION,
  pushedQuestion,
  question,
  SESSION,
  shownQuestion,
  upload,
  zip,
} from '../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { renderLiveHook } from '../../test/render';
import { queryKeys } from '../query-keys';
import type { ShownQuestion } from './cache';
import { JOIN_ANSWER_MS } from './connection';
import { useCollectionRoom, useJobsFallback, useJobsRoom, useQnaRoom, withPushedProgress } from './rooms';

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => server.close());

const session: PublicSession = {
  id: SESSION,
  title: 'Sunday Q&A',
  description: 'Ask us anything',
  type: 'live',
  is_active: true,
  max_questions: 100,
};

/** A query the way a screen holds it, answered from a list the test controls, counting its fetches. */
function fakeApi<Answer>(answer: Answer) {
  const api = { answer, fetches: 0, fetch: async () => (api.fetches++, api.answer) };
  return api;
}

describe('useQnaRoom for staff', () => {
  function moderator(sessionId: string | null = SESSION, live: LiveServer = server) {
    const api = fakeApi([question(1, 10)]);
    const view = renderLiveHook(
      () => ({
        room: useQnaRoom(sessionId, 'staff'),
        questions: useQuery({ queryKey: queryKeys.qna.questions(SESSION), queryFn: api.fetch }),
        session: useQuery({ queryKey: queryKeys.qna.session(SESSION), queryFn: () => session }),
      }),
      live.connections,
    );
    const cached = () => view.queryClient.getQueryData<StaffQuestion[]>(queryKeys.qna.questions(SESSION));
    return { ...view, api, cached };
  }

  it('joins the session room and keeps the questions as the server pushes them', async () => {
    const { result, cached } = moderator();
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    expect(server.joins).toEqual([liveRooms.qna(SESSION)]);
    await waitFor(() => expect(cached()).toEqual([question(1, 10)]));
    const room = server.staff.to(liveRooms.qna(SESSION));

    room.emit('question:created', { ...question(2, 20), session_id: SESSION });
    room.emit('question:created', { ...question(2, 20), session_id: SESSION });
    await waitFor(() => expect(cached()).toEqual([question(2, 20), question(1, 10)]));

    room.emit('question:updated', { ...question(1, 10, { status: 'reading' }), session_id: SESSION });
    await waitFor(() => expect(cached()).toEqual([question(2, 20), question(1, 10, { status: 'reading' })]));

    room.emit('question:deleted', { id: 2, session_id: SESSION });
    room.emit('question:deleted', { id: 99, session_id: SESSION });
    // Another session's questions reach a moderator following both; they are not this list's.
    room.emit('question:created', { ...question(3, 30), session_id: OTHER_SESSION });
    room.emit('question:created', { ...question(4, 40), session_id: SESSION });
    await waitFor(() => expect(cached()).toEqual([question(4, 40), question(1, 10, { status: 'reading' })]));

    // Each vote at once, then the gathered counts; only this session's.
    room.emit('question:voted', { id: 4, votes: 1, session_id: SESSION });
    room.emit('questions:votes', { votes: [{ id: 1, votes: 3 }], session_id: SESSION });
    room.emit('questions:votes', { votes: [{ id: 4, votes: 9 }], session_id: OTHER_SESSION });
    await waitFor(() =>
      expect(cached()).toEqual([question(4, 40, { votes: 1 }), question(1, 10, { status: 'reading', votes: 3 })]),
    );
  });

  it('says when the session ends, and marks it inactive', async () => {
    const { result, queryClient } = moderator();
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(result.current.session.data).toEqual(session));
    expect(result.current.room.ended).toBe(false);

    server.staff.to(liveRooms.qna(SESSION)).emit('session:ended', { session_id: SESSION });
    await waitFor(() => expect(result.current.room.ended).toBe(true));
    expect(queryClient.getQueryData(queryKeys.qna.session(SESSION))).toEqual({ ...session, is_active: false });
  });

  it('surfaces a refused join', async () => {
    server.refuse(SESSION, LIVE_ERRORS.notFound);
    const { result } = moderator();
    await waitFor(() => expect(result.current.room.refusal).toBe(LIVE_ERRORS.notFound));
    expect(result.current.room.joined).toBe(false);
  });

  it('leaves the room when the page closes, and follows nothing without a session id', async () => {
    const { result, unmount } = moderator();
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    expect(await server.inRoom(server.staff, liveRooms.qna(SESSION))).toBe(1);
    unmount();
    await waitFor(async () => expect(await server.inRoom(server.staff, liveRooms.qna(SESSION))).toBe(0));

    const idle = moderator(null);
    expect(idle.result.current.room).toEqual({ joined: false, refusal: null, ended: false });
  });

  it('refetches the questions after joining, and again after a reconnection that lost events', async () => {
    const { result, api, cached } = moderator();
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    // The first answer may predate the join; the refetch after it closes that gap.
    await waitFor(() => expect(api.fetches).toBe(2));

    api.answer = [question(5, 50), question(1, 10)];
    server.drop();
    await waitFor(() => expect(cached()).toEqual(api.answer));
    expect(api.fetches).toBe(3);
    expect(server.joins).toEqual([liveRooms.qna(SESSION), liveRooms.qna(SESSION)]);
  });

  it('after a reconnection that recovered, gets what it missed without refetching', async () => {
    const recovering = await startLiveServer({ recovery: true });
    try {
      const { result, api, cached } = moderator(SESSION, recovering);
      await waitFor(() => expect(result.current.room.joined).toBe(true));
      await waitFor(() => expect(api.fetches).toBe(2));
      const room = recovering.staff.to(liveRooms.qna(SESSION));
      room.emit('question:created', { ...question(2, 20), session_id: SESSION });
      await waitFor(() => expect(cached()).toEqual([question(2, 20), question(1, 10)]));

      recovering.drop();
      expect(recovering.staff.sockets.size).toBe(0);
      room.emit('question:created', { ...question(3, 30), session_id: SESSION });
      await waitFor(() => expect(cached()).toEqual([question(3, 30), question(2, 20), question(1, 10)]));
      await waitFor(() => expect(recovering.joins).toHaveLength(2));
      expect(api.fetches).toBe(2);
    } finally {
      await recovering.close();
    }
  });
});

describe('useQnaRoom for the audience', () => {
  it('keeps the submit page’s questions, and leaves by disconnecting once the page closes', async () => {
    const api = fakeApi<ShownQuestion[]>([shownQuestion(1, 10, { voted: true })]);
    const { result, queryClient, unmount } = renderLiveHook(
      () => ({
        room: useQnaRoom(SESSION, 'audience'),
        questions: useQuery({ queryKey: queryKeys.qna.audienceQuestions(SESSION), queryFn: api.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    const room = server.audience.to(liveRooms.qna(SESSION));
    room.emit('questions:created', [pushedQuestion(2, 20)]);
    room.emit('questions:created', [pushedQuestion(3, 30), pushedQuestion(4, 30)]);
    room.emit('questions:created', [pushedQuestion(3, 30)]);
    await waitFor(() =>
      expect(result.current.questions.data).toEqual([
        shownQuestion(4, 30),
        shownQuestion(3, 30),
        shownQuestion(2, 20),
        shownQuestion(1, 10, { voted: true }),
      ]),
    );

    // Counts, answers and deletions: this phone's own vote stays its own.
    room.emit('questions:votes', [
      { id: 1, votes: 5 },
      { id: 3, votes: 2 },
      { id: 99, votes: 7 },
    ]);
    room.emit('question:answered', { id: 2, answered: true });
    room.emit('question:deleted', { id: 4 });
    await waitFor(() =>
      expect(result.current.questions.data).toEqual([
        shownQuestion(3, 30, { votes: 2 }),
        shownQuestion(2, 20, { answered: true }),
        shownQuestion(1, 10, { voted: true, votes: 5 }),
      ]),
    );

    room.emit('session:ended', { session_id: SESSION });
    await waitFor(() => expect(result.current.room.ended).toBe(true));
    expect(queryClient.getQueryData(queryKeys.qna.questions(SESSION))).toBeUndefined();

    unmount();
    await waitFor(() => expect(server.audience.sockets.size).toBe(0));
  });
});

describe('useCollectionRoom', () => {
  it('keeps a collection’s uploads as they are received, processed and deleted', async () => {
    const api = fakeApi([upload(1, 10)]);
    const { result, queryClient, unmount } = renderLiveHook(
      () => ({
        room: useCollectionRoom(COLLECTION),
        uploads: useQuery({ queryKey: queryKeys.collections.uploads(COLLECTION), queryFn: api.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(result.current.uploads.data).toEqual([upload(1, 10)]));
    const room = server.staff.to(liveRooms.collection(COLLECTION));
    const cached = () => queryClient.getQueryData<StaffCollectionUpload[]>(queryKeys.collections.uploads(COLLECTION));

    room.emit('upload:created', { ...upload(2, 20), collection_id: COLLECTION });
    const ready = upload(2, 20, { status: 'ready', file: '/media/u/2.jpg', thumbnail: '/media/u/2.webp' });
    room.emit('upload:processed', { ...ready, collection_id: COLLECTION });
    room.emit('upload:processed', { ...ready, collection_id: COLLECTION });
    room.emit('upload:deleted', { id: 1, collection_id: COLLECTION });
    await waitFor(() => expect(cached()).toEqual([ready]));

    unmount();
    await waitFor(async () => expect(await server.inRoom(server.staff, liveRooms.collection(COLLECTION))).toBe(0));
  });
});

describe('useJobsRoom', () => {
  it('moves a zip’s progress and a campaign’s counts along, and refetches a finished campaign', async () => {
    const detail: CampaignDetail = { ...campaign(), content: 'Dear {name},', recipients: [], failed_deliveries: [] };
    const detailApi = fakeApi(detail);
    const listApi = fakeApi<Page<Campaign>>({ count: 1, next: null, previous: null, results: [campaign()] });
    const { result, queryClient } = renderLiveHook(
      () => ({
        room: useJobsRoom(),
        detail: useQuery({ queryKey: queryKeys.campaigns.detail(7), queryFn: detailApi.fetch }),
        list: useQuery({ queryKey: queryKeys.campaigns.list({ page: 1 }), queryFn: listApi.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(detailApi.fetches).toBe(2));
    const jobs = server.staff.to(liveRooms.jobs);

    jobs.emit('job:progress', { kind: 'export', collectionId: COLLECTION, export: zip({ progress: 50 }) });
    const finished = zip({ status: 'ready', progress: 100, file_count: 2, size_bytes: 2048 });
    jobs.emit('job:completed', { kind: 'export', collectionId: COLLECTION, export: finished });
    jobs.emit('job:progress', { kind: 'export', collectionId: COLLECTION, export: zip({ progress: 60 }) });
    const zipKey = queryKeys.exports.detail(COLLECTION, EXPORT);
    await waitFor(() => expect(queryClient.getQueryData<CollectionExport>(zipKey)).toEqual(finished));

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
        room: useJobsRoom(),
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
    const { result, queryClient } = renderLiveHook(() => {
      const client = useQueryClient();
      const room = useJobsRoom();
      const loading = useQuery({
        queryKey: queryKeys.campaigns.detail(7),
        queryFn: () =>
          new Promise<CampaignDetail>((resolve) => (answer = resolve)).then((fetched) =>
            withPushedProgress(client, fetched),
          ),
        enabled: room.joined,
      });
      return { room, loading };
    }, server.connections);
    await waitFor(() => expect(result.current.loading.isFetching).toBe(true));
    server.staff
      .to(liveRooms.jobs)
      .emit('job:progress', { kind: 'campaign', campaign: campaign({ sent: 3, pending: 7 }) });
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.campaigns.pushed(7))).toBeDefined());
    // The answer was written before the worker sent those three.
    answer(detail);
    await waitFor(() => expect(result.current.loading.data).toEqual({ ...detail, sent: 3, pending: 7 }));
  });

  it('asks again when a join goes unanswered, and polls until the room is joined', async () => {
    server.leaveUnanswered(liveRooms.jobs, 1);
    const { result } = renderLiveHook(
      () => ({ room: useJobsRoom(), fallback: useJobsFallback(3_000) }),
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
