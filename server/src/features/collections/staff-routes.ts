import {
  collectionExportSchema,
  exportRequestSchema,
  exportStartedSchema,
  integerId,
  photoCollectionFormSchema,
  photoCollectionListSchema,
  photoCollectionSchema,
  reviewedUploadsSchema,
  reviewUploadsSchema,
  staffCollectionUploadListSchema,
  staffCollectionUploadSchema,
  uuidId,
  type StaffUser,
} from '@gather/contracts';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { DeviceIds } from '../../platform/http/device.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { AppError } from '../../platform/errors.js';
import { MissingMedia, type MediaStorage } from '../../platform/media/storage.js';
import { ExportService } from './export-service.js';
import { CollectionService } from './service.js';
import { collectionUploads, photoCollections } from '../../platform/database/schema/collections.js';
import { rowBefore } from '../../platform/database/before.js';

const collectionParams = z.object({ id: uuidId });
const uploadParams = z.object({ id: integerId });
const exportParams = z.object({ id: uuidId, exportId: uuidId });

/** What the collection routes share: one service, one media store, the devices' cookies and the zips. */
export interface CollectionParts {
  service: CollectionService;
  storage: MediaStorage;
  devices: DeviceIds;
  exports: ExportService;
}

/** What staff do with collections: make and edit them, review and remove uploads, download them all as a zip. */
export function collectionStaffRoutes(ctx: AppContext, { service, storage, exports }: CollectionParts): ApiRouter {
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/photo-collections/',
        tag: 'photo-collections',
        roles: ['live'],
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
        activity: { subject: 'collection' },
        tag: 'photo-collections',
        roles: ['live'],
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
        activity: { subject: 'collection', before: rowBefore(ctx.db, photoCollections, photoCollections.id) },
        tag: 'photo-collections',
        roles: ['live'],
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
        activity: { subject: 'collection', before: rowBefore(ctx.db, photoCollections, photoCollections.id) },
        tag: 'photo-collections',
        roles: ['live'],
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
        roles: ['live'],
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
        activity: { subject: 'upload', before: rowBefore(ctx.db, collectionUploads, collectionUploads.id) },
        tag: 'photo-collections',
        roles: ['live'],
        summary: 'Delete an upload and its file',
        params: uploadParams,
      },
      ({ params }) => service.deleteUpload(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/photo-collections/uploads/:id/approve/',
        activity: { subject: 'upload', before: rowBefore(ctx.db, collectionUploads, collectionUploads.id) },
        tag: 'photo-collections',
        roles: ['live'],
        summary:
          'Approve an upload: visitors see it (in the public list and the slideshow) once it is ready. Approving it again changes nothing',
        params: uploadParams,
        response: staffCollectionUploadSchema,
      },
      ({ params }) => service.reviewUpload(params.id, 'approve'),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/photo-collections/uploads/:id/reject/',
        activity: { subject: 'upload', before: rowBefore(ctx.db, collectionUploads, collectionUploads.id) },
        tag: 'photo-collections',
        roles: ['live'],
        summary:
          'Reject an upload: it is hidden from visitors (taken off slideshows showing it) but kept, so it can still be approved later or deleted',
        params: uploadParams,
        response: staffCollectionUploadSchema,
      },
      ({ params }) => service.reviewUpload(params.id, 'reject'),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/photo-collections/:id/uploads/review/',
        tag: 'photo-collections',
        roles: ['live'],
        summary:
          "Approve or reject several of a collection's uploads at once ({ ids, decision: approve or reject }, up to 500 ids); answers them as they now are, leaving out ids of other collections or of none",
        params: collectionParams,
        body: reviewUploadsSchema,
        response: reviewedUploadsSchema,
      },
      async ({ params, body }) => ({ uploads: await service.reviewUploads(params.id, body.ids, body.decision) }),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/admin/photo-collections/:id/exports/',
        tag: 'photo-collections',
        roles: ['live'],
        summary:
          "Start a download-all zip of the collection's ready, approved uploads ({ include_pending: true } adds those still waiting for approval), built in the background; an export still under way is answered instead of a second one",
        params: collectionParams,
        body: exportRequestSchema,
        status: 202,
        response: exportStartedSchema,
      },
      ({ params, body, res }) =>
        exports.start(params.id, (res.locals.staff as StaffUser).username, body.include_pending),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/admin/photo-collections/:id/exports/:exportId/',
        tag: 'photo-collections',
        roles: ['live'],
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
        roles: ['live'],
        summary: 'The finished zip as a file download; 404 until it is ready',
        params: exportParams,
        produces: 'application/zip',
      },
      async ({ params, res }) => {
        const zip = await exports.download(params.id, params.exportId);
        await sendDownload(res, storage, zip.file, zip.filename);
      },
    );
}

/**
 * Streams a stored file as an attachment. Zips live in a dot folder, which /media never serves;
 * the name is a slug (letters, digits, dashes), so it is quoted as it is, as browsers expect.
 */
async function sendDownload(res: Response, storage: MediaStorage, file: string, filename: string): Promise<void> {
  const [size, body] = await Promise.all([storage.size(file), storage.read(file)]).catch((error: unknown) => {
    throw error instanceof MissingMedia ? AppError.notFound() : error;
  });
  res.set({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    ...(size !== undefined && { 'Content-Length': String(size) }),
  });
  // Once bytes are on their way, a failure is the browser going away: nothing more can be said to it.
  await pipeline(body, res).catch(() => undefined);
}
