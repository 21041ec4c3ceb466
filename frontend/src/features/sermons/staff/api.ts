import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sermon, SermonRequest, SermonSeries } from '@gather/contracts';
import { api, listOf, type UploadOptions } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useStaffSermons() {
  return useQuery({
    queryKey: queryKeys.sermons.list(),
    queryFn: async () => listOf(await api.get<Sermon[] | { results?: Sermon[] }>('/api/sermons/')),
  });
}

export function useSermonSeries() {
  return useQuery({
    queryKey: queryKeys.sermons.series(),
    queryFn: () => api.get<SermonSeries[]>('/api/sermon-series/'),
  });
}

/** Sermons and series show on the home and media pages and in the dashboard counts: a change refreshes them all. */
function useRefreshSermons() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.sermons.all() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stats() });
  };
}

export function useSaveSermon() {
  const onSuccess = useRefreshSermons();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SermonRequest }) =>
      id ? api.put<Sermon>(`/api/sermons/${id}/`, body) : api.post<Sermon>('/api/sermons/', body),
    onSuccess,
  });
}

export function useDeleteSermon() {
  const onSuccess = useRefreshSermons();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/sermons/${id}/`), onSuccess });
}

export function useSermonAudio() {
  const onSuccess = useRefreshSermons();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: UploadOptions['onProgress'] }) => {
      const body = new FormData();
      body.append('file', file);
      return api.upload<Sermon>(`/api/sermons/${id}/audio/`, body, { method: 'PUT', onProgress });
    },
    onSuccess,
  });
}

export function useRemoveSermonAudio() {
  const onSuccess = useRefreshSermons();
  return useMutation({ mutationFn: (id: number) => api.delete<Sermon>(`/api/sermons/${id}/audio/`), onSuccess });
}

export function useSaveSeries() {
  const onSuccess = useRefreshSermons();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      id
        ? api.upload<SermonSeries>(`/api/sermon-series/${id}/`, body, { method: 'PUT' })
        : api.upload<SermonSeries>('/api/sermon-series/', body),
    onSuccess,
  });
}

export function useDeleteSeries() {
  const onSuccess = useRefreshSermons();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/sermon-series/${id}/`), onSuccess });
}
