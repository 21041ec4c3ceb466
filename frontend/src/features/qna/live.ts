import { type AudienceQuestion, type PublicSession, type StaffQuestion, type VoteCounts } from '@gather/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  applyVoteCounts,
  endSession,
  markAnswered,
  removeQuestion,
  upsertQuestion,
  upsertQuestions,
  type ShownQuestion,
} from '../../lib/live/cache';
import { useLiveConnection } from '../../lib/live/connections';
import { applyPushed, type PushedChange } from '../../lib/live/pushed';
import { audienceQnaRoom, staffQnaRoom } from '../../lib/live/qna-rooms';
import { refetchUnlessRecovered, useRoom, type RoomMembership } from '../../lib/live/hooks';
import { queryKeys } from '../../lib/query-keys';

/** The spec's polling of the moderator view while the socket is down. */
export const MODERATOR_POLL_MS = 3_000;

export type QnaFollower = 'staff' | 'audience';

export interface QnaRoom extends RoomMembership {
  /** The session was deleted or closed while the page was open. */
  ended: boolean;
}

/**
 * Follows a Q&A session (none while `sessionId` is null): the moderator's questions
 * (`queryKeys.qna.questions`) or the submit page's (`queryKeys.qna.audienceQuestions`) and the
 * session itself (`queryKeys.qna.session`) follow what is pushed.
 */
export function useQnaRoom(sessionId: string | null, as: QnaFollower): QnaRoom {
  const queryClient = useQueryClient();
  const [endedSession, setEndedSession] = useState<string | null>(null);
  const staffSession = as === 'staff' ? sessionId : null;
  const audienceSession = as === 'audience' ? sessionId : null;
  useStaffQnaEvents(staffSession, setEndedSession);
  useAudienceQnaEvents(audienceSession, setEndedSession);
  const staffCovers = staffSession ? [queryKeys.qna.ofSession(staffSession)] : [];
  // The session itself is not what the audience room carries (its end refuses the join), and the page
  // was drawn on the server with it moments ago: only the questions pushed meanwhile can be missing.
  const audienceCovers = audienceSession ? [queryKeys.qna.audienceQuestions(audienceSession)] : [];
  const staff = useRoom(
    'staff',
    staffSession ? staffQnaRoom(staffSession) : null,
    refetchUnlessRecovered(queryClient, staffCovers),
  );
  const audience = useRoom(
    'audience',
    audienceSession ? audienceQnaRoom(audienceSession) : null,
    refetchUnlessRecovered(queryClient, audienceCovers),
  );
  return { ...(as === 'staff' ? staff : audience), ended: sessionId !== null && endedSession === sessionId };
}

type SessionEnded = (sessionId: string) => void;

function useStaffQnaEvents(sessionId: string | null, onEnded: SessionEnded): void {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    if (!sessionId) return;
    const key = queryKeys.qna.questions(sessionId);
    const upsert = (event: StaffQuestion & { session_id: string }) => {
      const { session_id: eventSession, ...question } = event;
      if (eventSession !== sessionId) return;
      applyPushed<StaffQuestion[]>(queryClient, key, (questions) => upsertQuestion(questions, question));
    };
    const deleted = (event: { id: number; session_id: string }) => {
      if (event.session_id !== sessionId) return;
      applyPushed<StaffQuestion[]>(queryClient, key, (questions) => removeQuestion(questions, event.id));
    };
    const counted = (event: { votes: VoteCounts; session_id: string }) => {
      if (event.session_id !== sessionId) return;
      applyPushed<StaffQuestion[]>(queryClient, key, (questions) => applyVoteCounts(questions, event.votes));
    };
    const sessionEnded = (event: { session_id: string }) => {
      if (event.session_id !== sessionId) return;
      queryClient.setQueryData<PublicSession>(queryKeys.qna.session(sessionId), endSession);
      onEnded(sessionId);
    };
    socket.on('question:created', upsert);
    socket.on('question:updated', upsert);
    socket.on('question:deleted', deleted);
    socket.on('questions:votes', counted);
    socket.on('session:ended', sessionEnded);
    return () => {
      socket.off('question:created', upsert);
      socket.off('question:updated', upsert);
      socket.off('question:deleted', deleted);
      socket.off('questions:votes', counted);
      socket.off('session:ended', sessionEnded);
    };
  }, [socket, queryClient, sessionId, onEnded]);
}

/**
 * Visitors' questions carry no session id: the audience socket is only ever in the room of the
 * session the page follows (it disconnects when the page stops following), so they are that session's.
 * They come in lists: one question, or those of a busy moment together.
 */
function useAudienceQnaEvents(sessionId: string | null, onEnded: SessionEnded): void {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('audience').events;
  useEffect(() => {
    if (!sessionId) return;
    const key = queryKeys.qna.audienceQuestions(sessionId);
    const update = (change: PushedChange<ShownQuestion[]>) => applyPushed(queryClient, key, change);
    const created = (added: AudienceQuestion[]) => update((questions) => upsertQuestions(questions, added));
    const counted = (votes: VoteCounts) => update((questions) => applyVoteCounts(questions, votes));
    const deleted = (event: { id: number }) => update((questions) => removeQuestion(questions, event.id));
    const answered = (event: { id: number; answered: boolean }) =>
      update((questions) => markAnswered(questions, event));
    const sessionEnded = (event: { session_id: string }) => {
      if (event.session_id !== sessionId) return;
      queryClient.setQueryData<PublicSession>(queryKeys.qna.session(sessionId), endSession);
      onEnded(sessionId);
    };
    socket.on('questions:created', created);
    socket.on('questions:votes', counted);
    socket.on('question:deleted', deleted);
    socket.on('question:answered', answered);
    socket.on('session:ended', sessionEnded);
    return () => {
      socket.off('questions:created', created);
      socket.off('questions:votes', counted);
      socket.off('question:deleted', deleted);
      socket.off('question:answered', answered);
      socket.off('session:ended', sessionEnded);
    };
  }, [socket, queryClient, sessionId, onEnded]);
}
