import {
  integerId,
  latestSermonsQuerySchema,
  SERMON_AUDIO_MAX_MB,
  sermonListSchema,
  sermonRequestSchema,
  sermonSchema,
  type LatestSermonsQuery,
} from '@gather/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { mediaStorage } from '../../platform/media/media-store.js';
import { receiveUpload } from '../../platform/media/upload.js';
import { SermonRepository } from './repository.js';
import { SermonService } from './service.js';
import { rowBefore } from '../../platform/database/before.js';
import { sermons } from '../../platform/database/schema/sermons.js';

const sermonParams = z.object({ id: integerId });

export function sermonRoutes(ctx: AppContext): ApiRouter {
  const storage = mediaStorage(ctx.config);
  const service = new SermonService(new SermonRepository(ctx.db), storage);
  const before = rowBefore(ctx.db, sermons, sermons.id);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/sermons/',
        cached: true,
        tag: 'sermons',
        access: 'public',
        summary: 'Every sermon, newest first',
        response: sermonListSchema,
      },
      () => service.all(),
    )
    .endpoint<Record<string, never>, LatestSermonsQuery>(
      {
        method: 'get',
        path: '/api/sermons/latest/',
        cached: true,
        tag: 'sermons',
        access: 'public',
        summary: 'The newest sermons (home shows 3, media shows 7)',
        query: latestSermonsQuerySchema,
        response: sermonListSchema,
      },
      ({ query }) => service.latest(query.limit),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/sermons/',
        activity: { subject: 'sermon' },
        tag: 'sermons',
        roles: ['content'],
        summary: 'Add a sermon (thumbnail: a web address or a /media/ path)',
        body: sermonRequestSchema,
        status: 201,
        response: sermonSchema,
      },
      ({ body }) => service.create(body),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/sermons/:id/',
        activity: { subject: 'sermon', before },
        tag: 'sermons',
        roles: ['content'],
        summary: 'Replace a sermon with the form as sent',
        params: sermonParams,
        body: sermonRequestSchema,
        response: sermonSchema,
      },
      ({ params, body }) => service.update(params.id, body),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/sermons/:id/',
        activity: { subject: 'sermon', before },
        tag: 'sermons',
        roles: ['content'],
        summary: 'Delete a sermon',
        params: sermonParams,
        status: 204,
      },
      ({ params }) => service.remove(params.id),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/sermons/:id/audio/',
        activity: { subject: 'sermon', before },
        tag: 'sermons',
        roles: ['content'],
        summary: `Put a recording on a sermon: an MP3 or M4A by its bytes (415 otherwise), up to ${SERMON_AUDIO_MAX_MB} MB (413)`,
        params: sermonParams,
        multipart: { file: 'file' },
        response: sermonSchema,
      },
      ({ params, req, res }) =>
        receiveUpload(req, res, storage, { maxFileSizeMb: SERMON_AUDIO_MAX_MB }, (upload) =>
          service.attachAudio(params.id, upload),
        ),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/sermons/:id/audio/',
        activity: { subject: 'sermon', before },
        tag: 'sermons',
        roles: ['content'],
        summary: "Remove a sermon's recording (it leaves the podcast)",
        params: sermonParams,
        response: sermonSchema,
      },
      ({ params }) => service.removeAudio(params.id),
    );
}
