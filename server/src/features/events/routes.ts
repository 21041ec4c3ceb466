import {
  contentIdParamsSchema,
  eventFormSchema,
  eventListSchema,
  eventSchema,
  STAFF_IMAGE_MAX_MB,
} from '@gather/contracts';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { MAX_IMAGE_PIXELS } from '../../platform/media/sniff.js';
import { mediaStorage } from '../../platform/media/media-store.js';
import { receiveImageForm, type ImageFormRules } from '../../platform/media/upload.js';
import { churchTimeZone } from '../../platform/church-settings/time-zone.js';
import { ChurchTime } from './church-time.js';
import { EventRepository } from './repository.js';
import { EventService } from './service.js';
import { rowBefore } from '../../platform/database/before.js';
import { events } from '../../platform/database/schema/events.js';

const EVENT_MULTIPART = {
  ...Object.fromEntries(Object.keys(eventFormSchema.shape).map((name) => [name, 'text' as const])),
  image: 'file' as const,
};
const IMAGE: ImageFormRules = { imageField: 'image', imageRequired: false, maxFileSizeMb: STAFF_IMAGE_MAX_MB };

export function eventRoutes(ctx: AppContext): ApiRouter {
  const storage = mediaStorage(ctx.config);
  const service = new EventService(new EventRepository(ctx.db), new ChurchTime(churchTimeZone(ctx.church)), storage);

  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/api/events/',
        cached: true,
        tag: 'events',
        access: 'public',
        summary: 'Every event, earliest first',
        response: eventListSchema,
      },
      () => service.all(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/events/special/',
        cached: true,
        tag: 'events',
        access: 'public',
        summary: "Special events that have not ended yet, soonest first ('Don't Miss These Special Events')",
        response: eventListSchema,
      },
      () => service.special(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/events/upcoming/',
        cached: true,
        tag: 'events',
        access: 'public',
        summary: 'Events still to come or still going on, soonest first',
        response: eventListSchema,
      },
      () => service.upcoming(),
    )
    .endpoint(
      {
        method: 'get',
        path: '/api/events/:id/',
        tag: 'events',
        access: 'public',
        summary: 'One event, for its own page (404 when there is none)',
        params: contentIdParamsSchema,
        response: eventSchema,
      },
      ({ params }) => service.one(params.id),
    )
    .endpoint(
      {
        method: 'post',
        path: '/api/events/',
        activity: { subject: 'event' },
        tag: 'events',
        roles: ['content'],
        summary: `Create an event; the optional image must be an image by its bytes (415), up to ${STAFF_IMAGE_MAX_MB} MB (413) and ${MAX_IMAGE_PIXELS / 1_000_000} million pixels (400), and is shown once the worker has made its cleaned copy`,
        multipart: EVENT_MULTIPART,
        status: 201,
        response: eventSchema,
      },
      ({ req, res }) =>
        receiveImageForm(req, res, storage, IMAGE, eventFormSchema, (form, image) => service.create(form, image)),
    )
    .endpoint(
      {
        method: 'put',
        path: '/api/events/:id/',
        activity: { subject: 'event', before: rowBefore(ctx.db, events, events.id) },
        tag: 'events',
        roles: ['content'],
        summary: 'Replace an event; optional fields left out become empty, and without a new image the old one stays',
        params: contentIdParamsSchema,
        multipart: EVENT_MULTIPART,
        response: eventSchema,
      },
      ({ params, req, res }) =>
        receiveImageForm(req, res, storage, IMAGE, eventFormSchema, (form, image) =>
          service.update(params.id, form, image),
        ),
    )
    .endpoint(
      {
        method: 'delete',
        path: '/api/events/:id/',
        activity: { subject: 'event', before: rowBefore(ctx.db, events, events.id) },
        tag: 'events',
        roles: ['content'],
        summary: 'Delete an event and its image',
        params: contentIdParamsSchema,
      },
      ({ params }) => service.remove(params.id),
    );
}
