import {
  contentIdParamsSchema,
  sermonSeriesFormSchema,
  sermonSeriesListSchema,
  sermonSeriesSchema,
  STAFF_IMAGE_MAX_MB,
} from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { rowBefore } from '../../platform/database/before.js';
import { sermonSeries } from '../../platform/database/schema/sermons.js';
import { MAX_IMAGE_PIXELS } from '../../platform/media/sniff.js';
import { mediaStorage } from '../../platform/media/media-store.js';
import { receiveImageForm, type ImageFormRules } from '../../platform/media/upload.js';
import { SeriesRepository } from './series-repository.js';
import { SeriesService } from './series-service.js';

const SERIES_MULTIPART = { title: 'text', description: 'text', artwork: 'file' } as const;
const ARTWORK: ImageFormRules = { imageField: 'artwork', imageRequired: false, maxFileSizeMb: STAFF_IMAGE_MAX_MB };

export function seriesRoutes(ctx: AppContext): ApiRouter {
  const storage = mediaStorage(ctx.config);
  const service = new SeriesService(new SeriesRepository(ctx.db), storage);
  const before = rowBefore(ctx.db, sermonSeries, sermonSeries.id);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/sermon-series/',
        tag: 'sermons',
        access: 'public',
        summary: 'Every sermon series, by title',
        response: sermonSeriesListSchema,
      },
      () => service.all(),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/sermon-series/',
        activity: { subject: 'sermon series' },
        tag: 'sermons',
        roles: ['content'],
        summary: `Create a sermon series; the optional artwork must be an image by its bytes (415), up to ${STAFF_IMAGE_MAX_MB} MB (413) and ${MAX_IMAGE_PIXELS / 1_000_000} million pixels (400), and is shown once the worker has made its cleaned copy`,
        multipart: SERIES_MULTIPART,
        status: 201,
        response: sermonSeriesSchema,
      },
      ({ req, res }) =>
        receiveImageForm(req, res, storage, ARTWORK, sermonSeriesFormSchema, (form, artwork) =>
          service.create(form, artwork),
        ),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/sermon-series/:id/',
        activity: { subject: 'sermon series', before },
        tag: 'sermons',
        roles: ['content'],
        summary: 'Replace a sermon series; without new artwork the old stays',
        params: contentIdParamsSchema,
        multipart: SERIES_MULTIPART,
        response: sermonSeriesSchema,
      },
      ({ params, req, res }) =>
        receiveImageForm(req, res, storage, ARTWORK, sermonSeriesFormSchema, (form, artwork) =>
          service.update(params.id, form, artwork),
        ),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/sermon-series/:id/',
        activity: { subject: 'sermon series', before },
        tag: 'sermons',
        roles: ['content'],
        summary: 'Delete a sermon series and its artwork; its sermons stay, in no series',
        params: contentIdParamsSchema,
        status: 204,
      },
      ({ params }) => service.remove(params.id),
    );
}
