import type { PublicQuestion, PublicSession, QuestionSubmission } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { asShown, upsertQuestion, type ShownQuestion } from '../../../lib/live/cache';
import { usePollingFallback } from '../../../lib/live/hooks';
import { applyPushed, readFollowed } from '../../../lib/live/pushed';
import { queryKeys } from '../../../lib/query-keys';

/** How often the recent questions are fetched while the live connection is down. */
export const AUDIENCE_POLL_MS = 5_000;

const sessionPath = (sessionId: string) => `/api/qna/public/sessions/${encodeURIComponent(sessionId)}`;

export function usePublicSession(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.qna.session(sessionId),
    queryFn: () => api.get<PublicSession>(`${sessionPath(sessionId)}/`),
    retry: false,
  });
}

/** The session's questions as the audience sees them (newest first): pushed live, polled while offline. */
export function useAudienceQuestions(sessionId: string, enabled: boolean) {
  const refetchInterval = usePollingFallback(AUDIENCE_POLL_MS, 'audience');
  return useQuery({
    queryKey: queryKeys.qna.audienceQuestions(sessionId),
    queryFn: readFollowed(async () =>
      (await api.get<PublicQuestion[]>(`${sessionPath(sessionId)}/questions/`)).map(asShown),
    ),
    enabled,
    refetchInterval,
  });
}

export function useSubmitQuestion(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: QuestionSubmission) =>
      api.post<PublicQuestion>(`${sessionPath(sessionId)}/submit/`, question),
    // The asker sees their question at once, whether or not the push reaches them.
    onSuccess: (question) =>
      applyPushed<ShownQuestion[]>(queryClient, queryKeys.qna.audienceQuestions(sessionId), (questions) =>
        upsertQuestion(questions, asShown(question)),
      ),
  });
}

/** A second tap takes the vote back; the answer is the question with its count and this phone's vote. */
export function useVote(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, voted }: Pick<ShownQuestion, 'id' | 'voted'>) => {
      const path = `${sessionPath(sessionId)}/questions/${id}/vote/`;
      return voted ? api.delete<PublicQuestion>(path) : api.post<PublicQuestion>(path);
    },
    onSuccess: (question) =>
      applyPushed<ShownQuestion[]>(queryClient, queryKeys.qna.audienceQuestions(sessionId), (questions) =>
        questions?.map((shown) =>
          shown.id === question.id ? { ...shown, votes: question.votes, voted: question.voted } : shown,
        ),
      ),
  });
}
