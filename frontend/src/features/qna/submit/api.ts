import type { AudienceQuestion, PublicQuestion, PublicSession, QuestionSubmission } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { upsertQuestion } from '../../../lib/live/cache';
import { usePollingFallback } from '../../../lib/live/hooks';
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
    queryFn: async () => (await api.get<PublicQuestion[]>(`${sessionPath(sessionId)}/questions/`)).map(withoutStatus),
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
      queryClient.setQueryData<AudienceQuestion[]>(queryKeys.qna.audienceQuestions(sessionId), (questions) =>
        upsertQuestion(questions, withoutStatus(question)),
      ),
  });
}

/** Visitors never see how the moderators treated a question. */
function withoutStatus({ status: _status, ...question }: PublicQuestion): AudienceQuestion {
  return question;
}
