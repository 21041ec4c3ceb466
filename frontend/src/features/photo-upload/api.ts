import type { CollectionUpload, PublicCollection, SpamCheck } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const collectionPath = (collectionId: string) => `/api/photo-collections/public/${encodeURIComponent(collectionId)}`;

export function usePublicCollection(collectionId: string) {
  return useQuery({
    queryKey: queryKeys.collections.public(collectionId),
    queryFn: () => api.get<PublicCollection>(`${collectionPath(collectionId)}/`),
    retry: false,
  });
}

/** One file per call, as the server takes them; each file of a batch carries the batch's spam check. */
export function uploadFile(
  collectionId: string,
  file: File,
  uploaderName: string,
  check: SpamCheck,
  onProgress: (fraction: number) => void,
): Promise<CollectionUpload> {
  const form = new FormData();
  form.append('file', file);
  form.append('uploader_name', uploaderName);
  form.append('website', check.website ?? '');
  if (typeof check.fill_time_ms === 'number') form.append('fill_time_ms', String(check.fill_time_ms));
  return api.upload<CollectionUpload>(`${collectionPath(collectionId)}/upload/`, form, {
    onProgress: (sent, total) => onProgress(total ? sent / total : 0),
  });
}
