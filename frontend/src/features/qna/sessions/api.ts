import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QnaSession, QnaSessionFormInput } from '@gather/contracts';
import { api, listOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The spec's pause before the list reloads after a save. */
export const RELOAD_AFTER_SAVE_MS = 500;

type SessionList = QnaSession[] | { results?: QnaSession[]; data?: QnaSession[] };

export function useQnaSessions() {
  return useQuery({
    queryKey: queryKeys.qna.sessions(),
    queryFn: async () => listOf(await api.get<SessionList>('/api/qna/sessions/')),
  });
}

export function useSaveQnaSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, session }: { id?: string; session: QnaSessionFormInput }) =>
      id
        ? api.put<QnaSession>(`/api/qna/sessions/${id}/`, session)
        : api.post<QnaSession>('/api/qna/sessions/', session),
    onSuccess: () => {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.qna.sessions() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.stats() });
      }, RELOAD_AFTER_SAVE_MS);
    },
  });
}

/** Ending a session deletes it with its questions. */
export function useEndQnaSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/qna/sessions/${id}/`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.qna.sessions() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats() });
    },
  });
}
