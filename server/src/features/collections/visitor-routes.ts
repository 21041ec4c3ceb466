import {
  collectionUploadListSchema,
  collectionUploadSchema,
  myUploadListSchema,
  publicCollectionSchema,
  RESUMABLE_UPLOADS_PATH,
  uuidId,
} from '@gather/contracts';
import { z } from 'zod';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { ResumableUploads } from './resumable-uploads.js';
import { receiveUpload } from '../../platform/media/upload.js';
import { uploadFieldsOf } from './service.js';

import type { CollectionParts } from './staff-routes.js';

const collectionParams = z.object({ id: uuidId });

/** What guests do on a collection's upload page and slideshow: no sign-in, limited per address. */
export function collectionVisitorRoutes(
  { service, storage, devices }: Pick<CollectionParts, 'service' | 'storage' | 'devices'>,
  resumable: ResumableUploads,
): ApiRouter {
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
        summary:
          "An active collection's uploads visitors may see, newest first: all of them, or only those staff approved when the collection requires approval. The slideshow shows the ready ones",
        params: collectionParams,
        response: collectionUploadListSchema,
      },
      ({ params }) => service.publicUploads(params.id),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/photo-collections/public/:id/uploads/mine/',
        tag: 'photo-collections',
        summary:
          "This device's own uploads to an active collection (its device cookie), newest first, with how each is getting on: processing, waiting (for approval), shown, not_approved or failed",
        params: collectionParams,
        response: myUploadListSchema,
      },
      ({ params, req, res }) => service.myUploads(params.id, devices.of(req, res)),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/photo-collections/public/:id/upload/',
        tag: 'photo-collections',
        access: 'public',
        rateLimit: 'uploads',
        summary:
          'Upload one image (or video, when the collection allows them); the type is read from the bytes. 413 over the size limit, 415 for other types. The upload is answered with status processing; the worker then checks it, removes location data and makes its thumbnail. In a collection that requires approval it waits as approval pending until staff decide',
        params: collectionParams,
        multipart: { file: 'file', uploader_name: 'text', website: 'text', fill_time_ms: 'text' },
        status: 201,
        response: collectionUploadSchema,
      },
      async ({ params, req, res }) => {
        const collection = await service.openCollection(params.id);
        // Read (or given) before the body, so the cookie goes out with whatever answer follows.
        const deviceId = devices.of(req, res);
        return receiveUpload(req, res, storage, { maxFileSizeMb: collection.maxFileSizeMb }, (upload) =>
          service.addUpload(collection, upload, uploadFieldsOf(upload.fields), deviceId),
        );
      },
    )
    .protocol(
      {
        path: RESUMABLE_UPLOADS_PATH,
        tag: 'photo-collections',
        access: 'public',
        // One file is many requests; only starting one counts.
        rateLimit: { name: 'uploads', method: 'post' },
        describes: [
          {
            method: 'post',
            path: RESUMABLE_UPLOADS_PATH,
            summary:
              "Start a resumable upload (tus 1.0.0 creation): Upload-Length and Upload-Metadata with collection_id, filename, filetype, uploader_name (and the form's website, fill_time_ms). 404 for a closed collection, 413 over its size limit, 400 per field, all before any byte; answered with the upload's address in Location",
            status: 201,
          },
          {
            method: 'patch',
            path: `${RESUMABLE_UPLOADS_PATH}:id`,
            summary:
              "Send the next piece of a resumable upload from Upload-Offset (HEAD tells the offset after a drop). The last piece runs the multipart call's checks (415 for other types) and is answered 200 with the upload, as that call answers it; 404 once the upload expired (a day without a piece)",
            status: 200,
            response: collectionUploadSchema,
          },
        ],
      },
      resumable.handle,
    );
}
