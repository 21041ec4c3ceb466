import type { ActivePollAnswer, MyPollAnswer, PollAnswerInput } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { usePollingFallback } from '../../../lib/live/hooks';
import { applyPushed, readFollowed } from '../../../lib/live/pushed';
import { queryKeys } from '../../../lib/query-keys';

/** How often a phone asks for the session's poll while its live connection is down, as for questions. */
export const AUDIENCE_POLL_MS = 5_000;

export const activePollPath = (sessionId: string) =>
  `/api/qna/public/sessions/${encodeURIComponent(sessionId)}/polls/active/`;

/** The open poll, or the last one whose results were revealed, with this phone's answer: pushed, polled offline. */
export function useActivePoll(sessionId: string) {
  const refetchInterval = usePollingFallback(AUDIENCE_POLL_MS, 'audience');
  return useQuery({
    queryKey: queryKeys.qna.activePoll(sessionId),
    queryFn: readFollowed(() => api.get<ActivePollAnswer>(activePollPath(sessionId))),
    refetchInterval,
  });
}

/** Sends this phone's answer (again, to change it); a poll found closed is shown closed at once. */
export function useAnswerPoll(sessionId: string, pollId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.qna.activePoll(sessionId);
  const update = (change: (poll: NonNullable<ActivePollAnswer['poll']>) => NonNullable<ActivePollAnswer['poll']>) =>
    applyPushed<ActivePollAnswer>(queryClient, key, (answer) =>
      answer?.poll?.id === pollId ? { poll: change(answer.poll) } : answer,
    );
  return useMutation({
    mutationFn: (answer: PollAnswerInput) =>
      api.post<{ poll_id: string; my_answer: MyPollAnswer }>(
        `/api/qna/public/polls/${encodeURIComponent(pollId)}/answer/`,
        answer,
      ),
    onSuccess: ({ my_answer }) => update((poll) => ({ ...poll, my_answer })),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) update((poll) => ({ ...poll, status: 'closed' }));
    },
  });
}
