import {
  albumFormSchema,
  albumListSchema,
  albumPhotoListSchema,
  albumPhotosParamsSchema,
  albumSchema,
  contentIdParamsSchema,
  galleryPhotoFormSchema,
  STAFF_IMAGE_MAX_MB,
  type StaffUser,
  albumPhotoSchema,
} from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { MAX_IMAGE_PIXELS } from '../../platform/media/sniff.js';
import { mediaStorage } from '../../platform/media/media-store.js';
import { receiveImageForm, type ImageFormRules } from '../../platform/media/upload.js';
import { AlbumRepository } from './repository.js';
import { AlbumService } from './service.js';
import { albumImages, albums } from '../../platform/database/schema/albums.js';
import { rowBefore } from '../../platform/database/before.js';

const ALBUM_MULTIPART = { title: 'text', description: 'text', is_featured: 'text', cover_image: 'file' } as const;
const COVER: ImageFormRules = { imageField: 'cover_image', imageRequired: false, maxFileSizeMb: STAFF_IMAGE_MAX_MB };
const PHOTO: ImageFormRules = { imageField: 'image', imageRequired: true, maxFileSizeMb: STAFF_IMAGE_MAX_MB };

export function albumRoutes(ctx: AppContext): ApiRouter {
  const storage = mediaStorage(ctx.config);
  const service = new AlbumService(new AlbumRepository(ctx.db), storage);

  const router = new ApiRouter();
  // The media page calls the public path; the staff screens call the plain one. Same answer.
  for (const path of ['/api/albums/', '/api/albums/public/']) {
    router.endpoint(
      {
        method: 'get',
        path,
        cached: true,
        tag: 'albums',
        access: 'public',
        summary: 'Every album, newest first, with its cover, first photo and photo count',
        response: albumListSchema,
      },
      () => service.all(),
    );
  }
  return router
    .endpoint(
      {
        method: 'get',
        path: '/api/gallery/album/:albumId/',
        cached: true,
        tag: 'albums',
        access: 'public',
        summary: "An album's photos, oldest first (404 for an unknown album)",
        params: albumPhotosParamsSchema,
        response: albumPhotoListSchema,
      },
      ({ params }) => service.photos(params.albumId),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/albums/',
        activity: { subject: 'album' },
        tag: 'albums',
        roles: ['content'],
        summary: `Create an album; the optional cover must be an image by its bytes (415), up to ${STAFF_IMAGE_MAX_MB} MB (413) and ${MAX_IMAGE_PIXELS / 1_000_000} million pixels (400), and is shown once the worker has made its cleaned copy`,
        multipart: ALBUM_MULTIPART,
        status: 201,
        response: albumSchema,
      },
      ({ req, res }) =>
        receiveImageForm(req, res, storage, COVER, albumFormSchema, (form, cover) => service.create(form, cover)),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/albums/:id/',
        activity: { subject: 'album', before: rowBefore(ctx.db, albums, albums.id) },
        tag: 'albums',
        roles: ['content'],
        summary: 'Replace an album; without a new cover the old one stays',
        params: contentIdParamsSchema,
        multipart: ALBUM_MULTIPART,
        response: albumSchema,
      },
      ({ params, req, res }) =>
        receiveImageForm(req, res, storage, COVER, albumFormSchema, (form, cover) =>
          service.update(params.id, form, cover),
        ),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/albums/:id/',
        activity: { subject: 'album', before: rowBefore(ctx.db, albums, albums.id) },
        tag: 'albums',
        roles: ['content'],
        summary: 'Delete an album with its photos and all their files',
        params: contentIdParamsSchema,
      },
      ({ params }) => service.remove(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/gallery/',
        activity: { subject: 'photo' },
        tag: 'albums',
        roles: ['content'],
        summary: `Add one photo to an album; it must be an image by its bytes (415), up to ${STAFF_IMAGE_MAX_MB} MB (413) and ${MAX_IMAGE_PIXELS / 1_000_000} million pixels (400), and has no URL until processed`,
        multipart: { image: 'file', album: 'text', title: 'text', description: 'text' },
        status: 201,
        response: albumPhotoSchema,
      },
      ({ req, res }) =>
        receiveImageForm(req, res, storage, PHOTO, galleryPhotoFormSchema, (form, image) =>
          service.addPhoto(form, image!, (res.locals.staff as StaffUser).username),
        ),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/gallery/:id/',
        activity: { subject: 'photo', before: rowBefore(ctx.db, albumImages, albumImages.id) },
        tag: 'albums',
        roles: ['content'],
        summary: 'Delete a photo and its file',
        params: contentIdParamsSchema,
      },
      ({ params }) => service.removePhoto(params.id),
    );
}
