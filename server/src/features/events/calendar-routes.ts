import { contentIdParamsSchema } from '@gather/contracts';
import type { Response } from 'express';
import type { AppContext } from '../../platform/context.js';
import { ApiRouter } from '../../platform/http/endpoint.js';
import { churchCalendar } from './church-calendar.js';

/** Calendar apps poll a subscription every few hours; a few minutes' cache spares the database their polling. */
const CACHE = 'public, max-age=300';

export function calendarRoutes(ctx: AppContext): ApiRouter {
  const calendar = churchCalendar(ctx);
  return new ApiRouter()
    .endpoint(
      {
        method: 'get',
        path: '/calendar.ics',
        tag: 'events',
        access: 'public',
        summary: 'The church calendar to subscribe to: every upcoming event, and the weekly services repeating weekly',
        produces: 'text/calendar',
      },
      async ({ res }) => sendCalendar(res, await calendar.feed(), 'calendar.ics'),
    )
    .endpoint(
      {
        method: 'get',
        path: '/events/:id/calendar.ics',
        tag: 'events',
        access: 'public',
        summary: "One event as a calendar file, for its page's 'Add to calendar' (404 when there is none)",
        params: contentIdParamsSchema,
        produces: 'text/calendar',
      },
      async ({ params, res }) => {
        const { ics } = await calendar.event(params.id);
        sendCalendar(res, ics, `event-${params.id}.ics`);
      },
    );
}

function sendCalendar(res: Response, ics: string, filename: string) {
  res
    .set({ 'Cache-Control': CACHE, 'Content-Disposition': `inline; filename="${filename}"` })
    .type('text/calendar; charset=utf-8')
    .send(ics);
}
