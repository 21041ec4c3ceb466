import type { PollFormInput, StaffPoll, StaffPollResults } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usePollingFallback } from '../../../lib/live/hooks';
import { applyPushed, readFollowed } from '../../../lib/live/pushed';
import { queryKeys } from '../../../lib/query-keys';
import { withPoll, withoutPoll } from '../staff-cache';

/** The moderator view's polling while the socket is down, as for its questions. */
export const STAFF_POLL_MS = 3_000;

export const pollPath = (pollId: string) => `/api/qna/polls/${encodeURIComponent(pollId)}/`;
export const sessionPollsPath = (sessionId: string) => `/api/qna/sessions/${encodeURIComponent(sessionId)}/polls/`;

/** The session's polls, oldest first, drafts too. */
export function useSessionPolls(sessionId: string) {
  const refetchInterval = usePollingFallback(STAFF_POLL_MS);
  return useQuery({
    queryKey: queryKeys.qna.polls(sessionId),
    queryFn: readFollowed(() => api.get<StaffPoll[]>(sessionPollsPath(sessionId))),
    refetchInterval,
  });
}

/** A poll's results as staff see them: held answers too, and the text answer on the screen. */
export function usePollResults(sessionId: string, pollId: string, enabled = true) {
  const refetchInterval = usePollingFallback(STAFF_POLL_MS);
  return useQuery({
    queryKey: queryKeys.qna.pollResults(sessionId, pollId),
    queryFn: readFollowed(() => api.get<StaffPollResults>(`${pollPath(pollId)}results/`)),
    refetchInterval,
    enabled,
  });
}

function useSetPoll(sessionId: string) {
  const queryClient = useQueryClient();
  return (poll: StaffPoll) =>
    applyPushed<StaffPoll[]>(queryClient, queryKeys.qna.polls(sessionId), (polls) => withPoll(polls, poll));
}

export function useCreatePoll(sessionId: string) {
  const setPoll = useSetPoll(sessionId);
  return useMutation({
    mutationFn: (poll: PollFormInput) => api.post<StaffPoll>(sessionPollsPath(sessionId), poll),
    onSuccess: setPoll,
  });
}

export type PollStep = 'open' | 'close' | 'reveal';

/** Launch, close or reveal. Opening one closes the session's other open poll: the list is read again. */
export function usePollStep(sessionId: string) {
  const queryClient = useQueryClient();
  const setPoll = useSetPoll(sessionId);
  return useMutation({
    mutationFn: ({ poll, step }: { poll: StaffPoll; step: PollStep }) =>
      api.post<StaffPoll>(`${pollPath(poll.id)}${step}/`),
    onSuccess: (poll, { step }) => {
      setPoll(poll);
      if (step === 'open')
        void queryClient.invalidateQueries({ queryKey: queryKeys.qna.polls(sessionId), exact: true });
    },
  });
}

export function useDeletePoll(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pollId: string) => api.delete(pollPath(pollId)),
    onSuccess: (_answer, pollId) =>
      applyPushed<StaffPoll[]>(queryClient, queryKeys.qna.polls(sessionId), (polls) => withoutPoll(polls, pollId)),
  });
}

/** Puts a text answer on the projector (`show`) or takes it off (`hide`). */
export function useShowAnswer(sessionId: string, pollId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, show }: { answerId: number; show: boolean }) =>
      api.post(`${pollPath(pollId)}answers/${answerId}/${show ? 'show' : 'hide'}/`),
    onSuccess: (_answer, { answerId, show }) =>
      applyPushed<StaffPollResults>(
        queryClient,
        queryKeys.qna.pollResults(sessionId, pollId),
        (results) => results && { ...results, shown_answer_id: show ? answerId : null },
      ),
  });
}
