import type { ChurchEvent, SiteSettings } from '@gather/contracts';
import type { FeatureRoutes } from '../../lib/feature-routes';
import { truncate } from '../../lib/format';
import type { PageMeta } from '../../lib/meta';
import type { DataHandle, PageDataNeed } from '../../lib/page-data';
import { queryKeys } from '../../lib/query-keys';
import type { ShareHandle } from '../../lib/share';
import { eventData } from '../../lib/structured-data';

/** The coming events, as the routes of the pages that list them declare them (`handle.data`). */
export const upcomingEventsData: PageDataNeed = {
  queryKey: queryKeys.events.upcoming(),
  path: '/api/events/upcoming/',
};

const specialEventsData: PageDataNeed = { queryKey: queryKeys.events.special(), path: '/api/events/special/' };

/** Read even when the id is no number, so the API's 404 for it makes the page's. */
function oneEventData(eventId: string): PageDataNeed {
  return {
    queryKey: queryKeys.events.one(Number(eventId)),
    path: `/api/events/${encodeURIComponent(eventId)}/`,
    subject: true,
  };
}

/** Places left and the sign-up form, drawn on the server with the page (off for most events). */
function registrationData(eventId: string): PageDataNeed {
  return {
    queryKey: queryKeys.events.registration(Number(eventId)),
    path: `/api/events/${encodeURIComponent(eventId)}/registration/`,
  };
}

export const eventsRoutes = {
  public: [
    {
      path: 'events',
      handle: {
        title: 'Events',
        description: 'Special events, upcoming gatherings and regular activities at church.',
        data: () => [specialEventsData, upcomingEventsData],
        share: ({ answer, origin }) => {
          const site = answer<SiteSettings>(queryKeys.site());
          const events = answer<ChurchEvent[]>(queryKeys.events.upcoming()) ?? [];
          return { structuredData: events.map((event) => eventData(event, site, origin)) };
        },
      } satisfies PageMeta & ShareHandle & DataHandle,
      lazy: () => import('./EventsPage').then((m) => ({ Component: m.EventsPage })),
    },
    {
      path: 'events/:eventId',
      handle: {
        title: 'Event',
        data: ({ eventId = '' }) => [oneEventData(eventId), registrationData(eventId)],
        share: ({ answer, params, origin }) => {
          const event = answer<ChurchEvent>(queryKeys.events.one(Number(params.eventId)));
          if (!event) return {};
          return {
            title: event.title,
            description: truncate(`${event.formatted_time}, ${event.location}. ${event.description}`, 200),
            image: event.image ?? undefined,
            structuredData: [eventData(event, answer<SiteSettings>(queryKeys.site()), origin)],
          };
        },
      } satisfies PageMeta & ShareHandle & DataHandle,
      lazy: () => import('./EventPage').then((m) => ({ Component: m.EventPage })),
    },
  ],
} satisfies FeatureRoutes;
