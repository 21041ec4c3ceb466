import { useQuery } from '@tanstack/react-query';
import type { Album, AlbumPhoto } from '@gather/contracts';
import { api, listOf } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

type ListAnswer<T> = T[] | { results?: T[] };

export function usePublicAlbums() {
  return useQuery({
    queryKey: queryKeys.albums.public(),
    queryFn: async () => listOf(await api.get<ListAnswer<Album>>('/api/albums/public/')),
  });
}

export function useAlbumPhotos(albumId: number | null) {
  return useQuery({
    queryKey: queryKeys.albums.photos(albumId ?? 0),
    queryFn: async () => listOf(await api.get<ListAnswer<AlbumPhoto>>(`/api/gallery/album/${albumId}/`)),
    enabled: albumId !== null,
  });
}
