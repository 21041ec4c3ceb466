import { GATHERED_AUDIENCE_EVENTS, LIVE_ERRORS, liveRooms, type StaffQuestion } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OTHER_SESSION, PUBLIC_SESSION, pushedQuestion, question, SESSION, shownQuestion } from '../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { fakeApi, renderLiveHook } from '../../test/render';
import type { ShownQuestion } from '../../lib/live/cache';
import { queryKeys } from '../../lib/query-keys';
import { useQnaRoom } from './live';

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => server.close());

const session = PUBLIC_SESSION;

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

    // Gathered counts; only this session's.
    room.emit('questions:votes', { votes: [{ id: 4, votes: 1 }], session_id: SESSION });
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

  it("handles a moment's questions and counts that come as one message, each in order", async () => {
    const api = fakeApi<ShownQuestion[]>([shownQuestion(1, 10)]);
    const { result } = renderLiveHook(
      () => ({
        room: useQnaRoom(SESSION, 'audience'),
        questions: useQuery({ queryKey: queryKeys.qna.audienceQuestions(SESSION), queryFn: api.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(result.current.questions.data).toEqual([shownQuestion(1, 10)]));
    server.audience.to(liveRooms.qna(SESSION)).emit(GATHERED_AUDIENCE_EVENTS, [
      ['questions:created', [pushedQuestion(2, 20)]],
      [
        'questions:votes',
        [
          { id: 1, votes: 4 },
          { id: 2, votes: 3 },
        ],
      ],
    ]);
    await waitFor(() =>
      expect(result.current.questions.data).toEqual([
        shownQuestion(2, 20, { votes: 3 }),
        shownQuestion(1, 10, { votes: 4 }),
      ]),
    );
  });
});
