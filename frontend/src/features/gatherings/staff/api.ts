import type { Gathering, GatheringValues, PhotoCollection, QnaSession, Sermon } from '@gather/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, listOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useStaffGatherings() {
  return useQuery({
    queryKey: queryKeys.gatherings.staff(),
    queryFn: () => api.get<Gathering[]>('/api/admin/gatherings/'),
  });
}

/** What a gathering can link to, for the form's choices. */
export function useLinkChoices() {
  const sessions = useQuery({
    queryKey: queryKeys.qna.sessions(),
    queryFn: async () => listOf(await api.get<QnaSession[]>('/api/qna/sessions/')),
  });
  const collections = useQuery({
    queryKey: queryKeys.collections.list(),
    queryFn: async () => listOf(await api.get<PhotoCollection[]>('/api/photo-collections/')),
  });
  const sermons = useQuery({ queryKey: queryKeys.sermons.list(), queryFn: () => api.get<Sermon[]>('/api/sermons/') });
  return {
    sessions: sessions.data ?? [],
    collections: collections.data ?? [],
    sermons: sermons.data ?? [],
    /** The form's choices are all there (or could not be had), so an edited gathering shows its own. */
    settled: !sessions.isPending && !collections.isPending && !sermons.isPending,
  };
}

/** /sunday and the gathering pages show what staff save: a change refreshes them too. */
function useRefreshGatherings() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.gatherings.all() });
}

export function useSaveGathering() {
  const onSuccess = useRefreshGatherings();
  return useMutation({
    mutationFn: ({ id, gathering }: { id?: string; gathering: GatheringValues }) =>
      id
        ? api.put<Gathering>(`/api/admin/gatherings/${id}/`, gathering)
        : api.post<Gathering>('/api/admin/gatherings/', gathering),
    onSuccess,
  });
}

export function useDeleteGathering() {
  const onSuccess = useRefreshGatherings();
  return useMutation({ mutationFn: (id: string) => api.delete(`/api/admin/gatherings/${id}/`), onSuccess });
}
