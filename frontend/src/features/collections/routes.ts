import type { CollectionUpload } from '@gather/contracts';
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { PageMeta } from '../../lib/meta';
import type { DataHandle, PageDataNeed } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';
import { SLIDESHOW_CACHE_SIZE } from './slideshow';

const publicPath = (collectionId: string) => `/api/photo-collections/public/${encodeURIComponent(collectionId)}`;

function collectionData(collectionId: string): PageDataNeed {
  return { queryKey: queryKeys.collections.public(collectionId), path: `${publicPath(collectionId)}/`, subject: true };
}

export const collectionsRoutes = {
  public: [
    {
      path: 'photo-upload/:collectionId',
      handle: {
        title: 'Share Your Photos',
        description: 'Upload your photos and videos to the church collection.',
        // The visitor's own uploads go by their device cookie, which the server does not pass: none, asked again in the browser.
        data: ({ collectionId = '' }) => [
          collectionData(collectionId),
          { queryKey: queryKeys.collections.mine(collectionId), path: `${publicPath(collectionId)}/uploads/mine/` },
        ],
      } satisfies PageMeta & DataHandle,
      lazy: () => import('./PhotoUploadPage').then((m) => ({ Component: m.PhotoUploadPage })),
    },
  ],
  fullScreen: [
    {
      // For a projector: no site header or footer.
      path: 'photo-upload/:collectionId/slideshow',
      handle: {
        title: 'Slideshow',
        description: 'Photos and videos shared by our church family, as they arrive.',
        data: ({ collectionId = '' }) => [
          collectionData(collectionId),
          {
            queryKey: queryKeys.collections.publicUploads(collectionId),
            path: `${publicPath(collectionId)}/uploads/`,
            cache: (uploads: CollectionUpload[]) => uploads.slice(0, SLIDESHOW_CACHE_SIZE),
          },
        ],
      } satisfies PageMeta & DataHandle,
      lazy: () => import('./SlideshowPage').then((m) => ({ Component: m.SlideshowPage })),
    },
  ],
} satisfies FeatureRoutes;
