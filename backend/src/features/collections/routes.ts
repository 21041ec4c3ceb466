import {
  collectionUploadListSchema,
  collectionUploadSchema,
  publicCollectionSchema,
  uploadFieldsSchema,
  uuidId,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { AppError, fieldErrorsFrom } from '../../http/errors.js';
import { MediaStorage } from '../../media/storage.js';
import { receiveUpload } from '../../media/upload.js';
import { CollectionRepository } from './repository.js';
import { CollectionService } from './service.js';

const collectionParams = z.object({ id: uuidId });

export function collectionRoutes(ctx: AppContext): ApiRouter {
  const storage = new MediaStorage(ctx.config.MEDIA_DIR);
  const service = new CollectionService(new CollectionRepository(ctx.db), storage);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/photo-collections/public/:id/',
        tag: 'photo-collections',
        summary: 'An active photo collection, for its public upload page',
        params: collectionParams,
        response: publicCollectionSchema,
      },
      ({ params }) => service.publicCollection(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/photo-collections/public/:id/uploads/',
        tag: 'photo-collections',
        summary: "An active collection's uploads, newest first",
        params: collectionParams,
        response: collectionUploadListSchema,
      },
      ({ params }) => service.publicUploads(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/photo-collections/public/:id/upload/',
        tag: 'photo-collections',
        access: 'public',
        rateLimit: 'uploads',
        summary:
          'Upload one image (or video, when the collection allows them); the type is read from the bytes. 413 over the size limit, 415 for other types',
        params: collectionParams,
        multipart: { file: 'file', uploader_name: 'text' },
        status: 201,
        response: collectionUploadSchema,
      },
      async ({ params, req, res }) => {
        const collection = await service.openCollection(params.id);
        return receiveUpload(req, res, storage, { maxFileSizeMb: collection.maxFileSizeMb }, (upload) => {
          const fields = uploadFieldsSchema.safeParse(upload.fields);
          if (!fields.success) throw AppError.invalid(fieldErrorsFrom(fields.error));
          return service.addUpload(collection, upload, fields.data.uploader_name);
        });
      },
    );
}
