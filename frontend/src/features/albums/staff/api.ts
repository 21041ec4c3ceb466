import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Album, AlbumPhoto } from '@gather/contracts';
import { api, listOf, type UploadOptions } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useStaffAlbums() {
  return useQuery({
    queryKey: queryKeys.albums.list(),
    queryFn: async () => listOf(await api.get<Album[] | { results?: Album[] }>('/api/albums/')),
  });
}

/** Albums show on the media page and in the dashboard counts: a change refreshes them all. */
export function useRefreshAlbums() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.albums.all() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stats() });
  };
}

export function useSaveAlbum() {
  const onSuccess = useRefreshAlbums();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FormData }) =>
      id ? api.upload<Album>(`/api/albums/${id}/`, body, { method: 'PUT' }) : api.upload<Album>('/api/albums/', body),
    onSuccess,
  });
}

export function useDeleteAlbum() {
  const onSuccess = useRefreshAlbums();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/albums/${id}/`), onSuccess });
}

export function useDeletePhoto() {
  const onSuccess = useRefreshAlbums();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/gallery/${id}/`), onSuccess });
}

export interface NewPhoto {
  album: number;
  image: File;
  title: string;
  description: string;
}

export function uploadPhoto(photo: NewPhoto, onProgress: UploadOptions['onProgress']) {
  const body = new FormData();
  body.append('image', photo.image);
  body.append('album', String(photo.album));
  if (photo.title) body.append('title', photo.title);
  if (photo.description) body.append('description', photo.description);
  return api.upload<AlbumPhoto>('/api/gallery/', body, { onProgress });
}
