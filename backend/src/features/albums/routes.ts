import { albumListSchema, albumPhotoListSchema, albumPhotosParamsSchema } from '@gather/contracts';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { AlbumRepository } from './repository.js';
import { AlbumService } from './service.js';

export function albumRoutes(ctx: AppContext): ApiRouter {
  const service = new AlbumService(new AlbumRepository(ctx.db));
  const router = new ApiRouter();
  // The media page calls the public path; the staff screens call the plain one. Same answer.
  for (const path of ['/api/albums/', '/api/albums/public/']) {
    router.endpoint(
      {
        method: 'get',
        path,
        tag: 'albums',
        access: 'public',
        summary: 'Every album, newest first, with its cover, first photo and photo count',
        response: albumListSchema,
      },
      () => service.all(),
    );
  }
  return router.endpoint(
    {
      method: 'get',
      path: '/api/gallery/album/:albumId/',
      tag: 'albums',
      access: 'public',
      summary: "An album's photos, oldest first (404 for an unknown album)",
      params: albumPhotosParamsSchema,
      response: albumPhotoListSchema,
    },
    ({ params }) => service.photos(params.albumId),
  );
}
