/** What other features use of events: the sitemap lists them; sign-ups mail an event's calendar file. */
export { EventRepository, type EventRow } from './repository.js';
export { churchCalendar } from './church-calendar.js';
export { ChurchTime } from './church-time.js';
