import type { ChurchEvent } from '@gather/contracts';
import { CHURCH_TIME_ZONE } from '../../lib/format';

/** As the calendar feed does, an event with no end is given an hour and a half. */
const DEFAULT_LENGTH_MS = 90 * 60 * 1000;

/** The event's own calendar file, served by the API: phones open it in their calendar app. */
export function eventCalendarFile(event: Pick<ChurchEvent, 'id'>): string {
  return `/events/${event.id}/calendar.ics`;
}

/** Google Calendar's "add event" page, filled in with the event; times are given in UTC and shown on London time. */
export function googleCalendarLink(
  event: Pick<ChurchEvent, 'title' | 'date' | 'end_date' | 'description' | 'location' | 'venue_address'>,
): string {
  const start = new Date(event.date);
  const end = event.end_date ? new Date(event.end_date) : new Date(start.getTime() + DEFAULT_LENGTH_MS);
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(start)}/${utcStamp(end)}`,
    details: event.description,
    location: [event.location, event.venue_address].filter(Boolean).join(', '),
    ctz: CHURCH_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/** 2026-12-06T19:00:00.000Z as 20261206T190000Z. */
function utcStamp(moment: Date): string {
  return moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
