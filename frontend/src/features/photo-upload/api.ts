import type { CollectionUpload, PublicCollection } from '@gather/contracts';
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

/** One file per call, as the server takes them. */
export function uploadFile(
  collectionId: string,
  file: File,
  uploaderName: string,
  onProgress: (fraction: number) => void,
): Promise<CollectionUpload> {
  const form = new FormData();
  form.append('file', file);
  form.append('uploader_name', uploaderName);
  return api.upload<CollectionUpload>(`${collectionPath(collectionId)}/upload/`, form, {
    onProgress: (sent, total) => onProgress(total ? sent / total : 0),
  });
}
