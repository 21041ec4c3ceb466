import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectionExport,
  ExportRequest,
  ExportStarted,
  PhotoCollection,
  PhotoCollectionFormInput,
  ReviewDecision,
  StaffCollectionUpload,
} from '@gather/contracts';
import { api, listOf } from '../../../lib/api';
import { usePollingFallback } from '../../../lib/live/hooks';
import { applyPushed, readFollowed } from '../../../lib/live/pushed';
import { COLLECTIONS_POLL_MS } from '../live';
import { queryKeys } from '../../../lib/query-keys';

/** How often a zip's progress is asked for while the live connection is down. */
export const EXPORT_POLL_MS = 2_000;

/** The spec's section refresh: upload counts are not pushed, so the list is fetched every 30 s. */
export function useCollections() {
  return useQuery({
    queryKey: queryKeys.collections.list(),
    queryFn: async () =>
      listOf(await api.get<PhotoCollection[] | { results?: PhotoCollection[] }>('/api/photo-collections/')),
    refetchInterval: COLLECTIONS_POLL_MS,
  });
}

function useRefreshCollections() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.collections.list() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stats() });
  };
}

export function useSaveCollection() {
  const onSuccess = useRefreshCollections();
  return useMutation({
    mutationFn: ({ id, collection }: { id?: string; collection: PhotoCollectionFormInput }) =>
      id
        ? api.put<PhotoCollection>(`/api/photo-collections/${id}/`, collection)
        : api.post<PhotoCollection>('/api/photo-collections/', collection),
    onSuccess,
  });
}

export function useDeleteCollection() {
  const onSuccess = useRefreshCollections();
  return useMutation({ mutationFn: (id: string) => api.delete(`/api/photo-collections/${id}/`), onSuccess });
}

/** Pushed live while the uploads modal follows the collection's room; polled only while offline. */
export function useCollectionUploads(collectionId: string) {
  return useQuery({
    queryKey: queryKeys.collections.uploads(collectionId),
    queryFn: readFollowed(() => api.get<StaffCollectionUpload[]>(`/api/photo-collections/${collectionId}/uploads/`)),
    refetchInterval: usePollingFallback(COLLECTIONS_POLL_MS),
  });
}

export function useDeleteUpload(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => api.delete(`/api/photo-collections/uploads/${uploadId}/`),
    onSuccess: (_answer, uploadId) => {
      applyPushed<StaffCollectionUpload[]>(queryClient, queryKeys.collections.uploads(collectionId), (uploads) =>
        uploads?.filter((upload) => upload.id !== uploadId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.collections.list() });
    },
  });
}

/**
 * Approves or rejects uploads of one collection; the answer goes straight into the uploads list
 * (the live push brings the same to other screens).
 */
export function useReviewUploads(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, decision }: { ids: number[]; decision: ReviewDecision }) =>
      ids.length === 1
        ? api
            .post<StaffCollectionUpload>(`/api/photo-collections/uploads/${ids[0]}/${decision}/`)
            .then((upload) => [upload])
        : api
            .post<{
              uploads: StaffCollectionUpload[];
            }>(`/api/photo-collections/${collectionId}/uploads/review/`, { ids, decision })
            .then((answer) => answer.uploads),
    onSuccess: (reviewed) => {
      const byId = new Map(reviewed.map((upload) => [upload.id, upload]));
      applyPushed<StaffCollectionUpload[]>(queryClient, queryKeys.collections.uploads(collectionId), (uploads) =>
        uploads?.map((upload) => byId.get(upload.id) ?? upload),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.collections.list() });
    },
  });
}

export function exportPath(collectionId: string, exportId: string): string {
  return `/api/admin/photo-collections/${collectionId}/exports/${exportId}/`;
}

export function useStartExport(collectionId: string) {
  return useMutation({
    mutationFn: (request: ExportRequest) =>
      api.post<ExportStarted>(`/api/admin/photo-collections/${collectionId}/exports/`, request),
  });
}

const finished = (job: CollectionExport | undefined) => job?.status === 'ready' || job?.status === 'failed';

/** A zip's progress: pushed by the jobs room, asked for every 2 s only while offline. */
export function useExport(collectionId: string, exportId: string | null) {
  const fallback = usePollingFallback(EXPORT_POLL_MS);
  return useQuery({
    queryKey: queryKeys.exports.detail(collectionId, exportId ?? ''),
    // A small zip can finish while its record is still being read: the pushed "ready" must outlive that answer.
    queryFn: readFollowed<CollectionExport>(() => api.get(exportPath(collectionId, exportId!))),
    enabled: exportId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : fallback),
  });
}
