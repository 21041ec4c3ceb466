import type { StaffQuestion, PublicSession, QuestionStatus } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { removeQuestion, upsertQuestion } from '../../../lib/live/cache';
import { applyPushed, readFollowed } from '../../../lib/live/pushed';
import { queryKeys } from '../../../lib/query-keys';

export const sessionPath = (sessionId: string) => `/api/qna/public/sessions/${sessionId}/`;

export function useModeratedSession(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.qna.session(sessionId),
    queryFn: () => api.get<PublicSession>(sessionPath(sessionId)),
    retry: false,
  });
}

/** Every question of the session, waiting ones too, as staff see them. */
export const staffQuestionsPath = (sessionId: string) => `/api/qna/sessions/${sessionId}/questions/`;
/** The session's questions as a CSV download, with their votes and statuses. */
export const questionsCsvPath = (sessionId: string) => `/api/qna/sessions/${sessionId}/export/`;

/** `refetchInterval` is the polling fallback: 3 s while the socket is down and auto-refresh is on. */
export function useModeratedQuestions(sessionId: string, refetchInterval: number | false, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.qna.questions(sessionId),
    queryFn: readFollowed(() => api.get<StaffQuestion[]>(staffQuestionsPath(sessionId))),
    refetchInterval,
    enabled,
  });
}

export function useSetQuestionStatus(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: QuestionStatus }) =>
      api.put<StaffQuestion>(`${sessionPath(sessionId)}questions/${id}/status/`, { status }),
    onSuccess: (question) =>
      applyPushed<StaffQuestion[]>(queryClient, queryKeys.qna.questions(sessionId), (questions) =>
        upsertQuestion(questions, question),
      ),
  });
}

/** Approve (it goes live to the audience) or dismiss a question waiting for review. */
export function useReviewQuestion(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'dismiss' }) =>
      api.post<StaffQuestion>(`/api/qna/questions/${id}/${decision}/`),
    onSuccess: (question) =>
      applyPushed<StaffQuestion[]>(queryClient, queryKeys.qna.questions(sessionId), (questions) =>
        upsertQuestion(questions, question),
      ),
  });
}

export function useDeleteQuestion(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/qna/questions/${id}/`),
    onSuccess: (_answer, id) =>
      applyPushed<StaffQuestion[]>(queryClient, queryKeys.qna.questions(sessionId), (questions) =>
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
