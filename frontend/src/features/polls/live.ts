import type { ActivePollAnswer, PublicPoll, PublicPollResults, StaffPoll, StaffPollResults } from '@gather/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom } from '../../lib/live/hooks';
import { applyPushed } from '../../lib/live/pushed';
import { audienceQnaRoom, staffQnaRoom } from '../../lib/live/qna-rooms';
import { queryKeys } from '../../lib/query-keys';
import { withPoll, withoutPoll } from './staff-cache';

/**
 * Follows the session's polls on the staff screens (the moderator's panel, the projector): the list
 * (`queryKeys.qna.polls`) and each poll's results follow what is pushed. Polls share the Q&A session's room.
 */
export function useStaffPollsRoom(sessionId: string): void {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useRoom('staff', staffQnaRoom(sessionId), refetchUnlessRecovered(queryClient, [queryKeys.qna.polls(sessionId)]));
  useEffect(() => {
    const changed = ({ poll, deleted }: { poll: StaffPoll; deleted?: boolean }) => {
      if (poll.session_id !== sessionId) return;
      applyPushed<StaffPoll[]>(queryClient, queryKeys.qna.polls(sessionId), (polls) =>
        deleted ? withoutPoll(polls, poll.id) : withPoll(polls, poll),
      );
    };
    const counted = (event: { session_id: string; results: StaffPollResults }) => {
      if (event.session_id !== sessionId) return;
      applyPushed(queryClient, queryKeys.qna.pollResults(sessionId, event.results.poll_id), () => event.results);
    };
    const shown = (event: { session_id: string; poll_id: string; answer: { id: number; text: string } | null }) => {
      if (event.session_id !== sessionId) return;
      applyPushed<StaffPollResults>(
        queryClient,
        queryKeys.qna.pollResults(sessionId, event.poll_id),
        (results) => results && { ...results, shown_answer_id: event.answer?.id ?? null },
      );
    };
    socket.on('poll:changed', changed);
    socket.on('poll:results', counted);
    socket.on('poll:answer-shown', shown);
    return () => {
      socket.off('poll:changed', changed);
      socket.off('poll:results', counted);
      socket.off('poll:answer-shown', shown);
    };
  }, [socket, queryClient, sessionId]);
}

type ActivePoll = NonNullable<ActivePollAnswer['poll']>;

/**
 * Follows the session's poll on a visitor's phone (`queryKeys.qna.activePoll`). The audience socket is only in
 * the room of the session the page shows, so what it pushes is this session's.
 */
export function useAudiencePollRoom(sessionId: string): void {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('audience').events;
  const key = queryKeys.qna.activePoll(sessionId);
  useRoom('audience', audienceQnaRoom(sessionId), refetchUnlessRecovered(queryClient, [key]));
  useEffect(() => {
    const update = (change: (poll: ActivePoll | null) => ActivePoll | null) =>
      applyPushed<ActivePollAnswer>(queryClient, key, (answer) => ({ poll: change(answer?.poll ?? null) }));
    const opened = (poll: PublicPoll) =>
      update((shown) => ({
        ...poll,
        // The same poll opened again: this phone's answer still stands.
        my_answer: shown?.id === poll.id ? shown.my_answer : null,
        results: shown?.id === poll.id && poll.revealed ? shown.results : null,
      }));
    const closed = ({ poll_id }: { poll_id: string }) =>
      update((shown) => (shown?.id === poll_id ? { ...shown, status: 'closed' } : shown));
    const counted = (results: PublicPollResults) =>
      update((shown) => (shown?.id === results.poll_id ? { ...shown, revealed: true, results } : shown));
    socket.on('poll:opened', opened);
    socket.on('poll:closed', closed);
    socket.on('poll:results', counted);
    return () => {
      socket.off('poll:opened', opened);
      socket.off('poll:closed', closed);
      socket.off('poll:results', counted);
    };
  }, [socket, queryClient, key]);
}
