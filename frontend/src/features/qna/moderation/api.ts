import type { PublicQuestion, PublicSession, QuestionStatus } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { removeQuestion, upsertQuestion } from '../../../lib/live/cache';
import { queryKeys } from '../../../lib/query-keys';

export const sessionPath = (sessionId: string) => `/api/qna/public/sessions/${sessionId}/`;

export function useModeratedSession(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.qna.session(sessionId),
    queryFn: () => api.get<PublicSession>(sessionPath(sessionId)),
    retry: false,
  });
}

/** `refetchInterval` is the polling fallback: 3 s while the socket is down and auto-refresh is on. */
export function useModeratedQuestions(sessionId: string, refetchInterval: number | false, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.qna.questions(sessionId),
    queryFn: () => api.get<PublicQuestion[]>(`${sessionPath(sessionId)}questions/`),
    refetchInterval,
    enabled,
  });
}

export function useSetQuestionStatus(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: QuestionStatus }) =>
      api.put<PublicQuestion>(`${sessionPath(sessionId)}questions/${id}/status/`, { status }),
    onSuccess: (question) =>
      queryClient.setQueryData<PublicQuestion[]>(queryKeys.qna.questions(sessionId), (questions) =>
        upsertQuestion(questions, question),
      ),
  });
}

export function useDeleteQuestion(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/qna/questions/${id}/`),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<PublicQuestion[]>(queryKeys.qna.questions(sessionId), (questions) =>
        removeQuestion(questions, id),
      ),
  });
}

/** Checks the session still exists first, as the moderator may be the second to end it. */
export function useEndSession(sessionId: string) {
  return useMutation({
    mutationFn: async () => {
      await api.get<PublicSession>(sessionPath(sessionId));
      await api.delete(`/api/qna/sessions/${sessionId}/`);
    },
  });
}
