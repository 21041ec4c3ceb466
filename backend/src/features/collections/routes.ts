import {
  collectionExportSchema,
  collectionUploadListSchema,
  collectionUploadSchema,
  exportStartedSchema,
  integerId,
  photoCollectionFormSchema,
  photoCollectionListSchema,
  photoCollectionSchema,
  publicCollectionSchema,
  staffCollectionUploadListSchema,
  uploadFieldsSchema,
  uuidId,
  type StaffUser,
} from '@gather/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiRouter } from '../../http/endpoint.js';
import { SpamGuard } from '../../http/spam-guard.js';
import { AppError, fieldErrorsFrom } from '../../http/errors.js';
import { MediaStorage } from '../../media/storage.js';
import { receiveUpload } from '../../media/upload.js';
import { ExportRepository } from '../exports/repository.js';
import { ExportService } from '../exports/service.js';
import { CollectionRepository } from './repository.js';
import { CollectionService } from './service.js';

const collectionParams = z.object({ id: uuidId });
const uploadParams = z.object({ id: integerId });
const exportParams = z.object({ id: uuidId, exportId: uuidId });

export function collectionRoutes(ctx: AppContext): ApiRouter {
  const storage = new MediaStorage(ctx.config.MEDIA_DIR);
  const service = new CollectionService(new CollectionRepository(ctx.db), storage, ctx.live, SpamGuard.of(ctx));
  const exports = new ExportService(new ExportRepository(ctx.db));
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
          'Upload one image (or video, when the collection allows them); the type is read from the bytes. 413 over the size limit, 415 for other types. The upload is answered with status processing; the worker then checks it, removes location data and makes its thumbnail',
        params: collectionParams,
        multipart: { file: 'file', uploader_name: 'text', website: 'text', fill_time_ms: 'text' },
        status: 201,
        response: collectionUploadSchema,
      },
      async ({ params, req, res }) => {
        const collection = await service.openCollection(params.id);
        return receiveUpload(req, res, storage, { maxFileSizeMb: collection.maxFileSizeMb }, (upload) => {
          const fields = uploadFieldsSchema.safeParse(upload.fields);
          if (!fields.success) throw AppError.invalid(fieldErrorsFrom(fields.error));
          return service.addUpload(collection, upload, fields.data);
        });
      },
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/photo-collections/',
        tag: 'photo-collections',
        access: 'staff',
        summary: 'Every photo collection, open or closed, newest first, with its upload count',
        response: photoCollectionListSchema,
      },
      () => service.allCollections(),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/photo-collections/',
        tag: 'photo-collections',
        summary: 'Create a photo collection',
        body: photoCollectionFormSchema,
        status: 201,
        response: photoCollectionSchema,
      },
      ({ body }) => service.createCollection(body),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/photo-collections/:id/',
        tag: 'photo-collections',
        summary: 'Edit a photo collection (the whole form; omitted fields take their defaults)',
        params: collectionParams,
        body: photoCollectionFormSchema,
        response: photoCollectionSchema,
      },
      ({ params, body }) => service.updateCollection(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/photo-collections/:id/',
        tag: 'photo-collections',
        summary: 'Delete a photo collection with all its uploads and their files',
        params: collectionParams,
      },
      ({ params }) => service.deleteCollection(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/photo-collections/:id/uploads/',
        tag: 'photo-collections',
        access: 'staff',
        summary: "A collection's uploads, newest first, even while it is closed to visitors, with why any failed",
        params: collectionParams,
        response: staffCollectionUploadListSchema,
      },
      ({ params }) => service.staffUploads(params.id),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/photo-collections/uploads/:id/',
        tag: 'photo-collections',
        summary: 'Delete an upload and its file',
        params: uploadParams,
      },
      ({ params }) => service.deleteUpload(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/photo-collections/:id/exports/',
        tag: 'photo-collections',
        summary:
          "Start a download-all zip of the collection's ready uploads, built in the background; an export still under way is answered instead of a second one",
        params: collectionParams,
        status: 202,
        response: exportStartedSchema,
      },
      ({ params, res }) => exports.start(params.id, (res.locals.staff as StaffUser).username),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/photo-collections/:id/exports/:exportId/',
        tag: 'photo-collections',
        summary: 'How a download-all zip is getting on; zips are removed a day after they were asked for',
        params: exportParams,
        response: collectionExportSchema,
      },
      ({ params }) => exports.status(params.id, params.exportId),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/photo-collections/:id/exports/:exportId/download/',
        tag: 'photo-collections',
        summary: 'The finished zip as a file download; 404 until it is ready',
        params: exportParams,
        produces: 'application/zip',
      },
      async ({ params, res }) => {
        const zip = await exports.download(params.id, params.exportId);
        await sendDownload(res, storage.absolute(zip.file), zip.filename);
      },
    );
}

/**
 * Streams a stored file as an attachment. Zips live in a dot folder, which /media never serves;
 * the name is a slug (letters, digits, dashes), so it is quoted as it is, as browsers expect.
 */
function sendDownload(res: Response, file: string, filename: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers = {
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    };
    res.sendFile(file, { dotfiles: 'allow', cacheControl: false, headers }, (error) => {
      // Once bytes are on their way, a failure is the browser going away: nothing more can be said to it.
      if (!error || res.headersSent) resolve();
      else reject((error as NodeJS.ErrnoException).code === 'ENOENT' ? AppError.notFound() : error);
    });
  });
}
