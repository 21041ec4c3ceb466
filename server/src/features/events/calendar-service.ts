import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { todayIn, WEEK_DAYS } from '@gather/contracts';
import ical, { ICalCalendar, ICalEventRepeatingFreq, ICalEventStatus } from 'ical-generator';
import { AppError } from '../../platform/errors.js';
import type { ChurchTime } from './church-time.js';
import type { EventRepository, EventRow } from './repository.js';
import { dayIndex, minutesIntoDay, type ServiceRepository, type ServiceRow } from '../services/index.js';

/** Events without an end are put in calendars as lasting this long; so are the weekly services. */
const DEFAULT_LENGTH_MS = 90 * 60 * 1000;

export interface CalendarSettings {
  churchName: string;
  address: string;
  timeZone: string;
  /** The site's public address, without a trailing slash, for the events' links. */
  publicUrl: string;
  /** The church's own domain, which UIDs end in: it does not change when the site moves. */
  uidDomain: string;
}

/**
 * The church's calendar in iCalendar form, for phones and calendar apps. Times are written on the church's clock
 * with its VTIMEZONE, so a weekly service at 10:30 stays at 10:30 after the clocks change. UIDs come from ids and
 * the church's domain and never change; an event's SEQUENCE grows with each staff edit, so a subscribed calendar
 * replaces its copy.
 */
export class ChurchCalendar {
  constructor(
    private readonly events: EventRepository,
    private readonly services: ServiceRepository,
    private readonly churchTime: ChurchTime,
    private readonly settings: CalendarSettings,
  ) {}

  /** Every event still to come, and every active weekly service as a weekly repeating entry. */
  async feed(now = new Date()): Promise<string> {
    const calendar = this.calendar(`${this.settings.churchName} Events`);
    for (const event of await this.events.upcoming()) this.addEvent(calendar, event);
    for (const service of await this.services.active()) this.addService(calendar, service, now);
    return calendar.toString();
  }

  /** One event alone, for its page's "Add to calendar". */
  async event(id: number): Promise<{ ics: string; row: EventRow }> {
    const row = await this.events.byId(id);
    if (!row) throw AppError.notFound();
    const calendar = this.calendar(row.title);
    this.addEvent(calendar, row);
    return { ics: calendar.toString(), row };
  }

  private calendar(name: string): ICalCalendar {
    const calendar = ical({
      name: calendarText(name),
      prodId: { company: this.settings.churchName, product: 'Gather' },
    });
    calendar.timezone({ name: this.settings.timeZone, generator: getVtimezoneComponent });
    calendar.url(`${this.settings.publicUrl}/events`);
    return calendar;
  }

  private addEvent(calendar: ICalCalendar, row: EventRow) {
    const end = row.endDate ?? new Date(row.date.getTime() + DEFAULT_LENGTH_MS);
    calendar.createEvent({
      id: `event-${row.id}@${this.settings.uidDomain}`,
      sequence: row.sequence,
      stamp: row.updatedAt,
      lastModified: row.updatedAt,
      created: row.createdAt,
      start: this.onChurchClock(row.date),
      end: this.onChurchClock(end),
      timezone: this.settings.timeZone,
      summary: row.title,
      description: row.description,
      location: [row.location, row.venueAddress].filter(Boolean).join(', '),
      url: `${this.settings.publicUrl}/events/${row.id}`,
      status: row.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }

  /** A service whose day or time cannot be read ("First Saturday") is left out rather than put on a wrong day. */
  private addService(calendar: ICalCalendar, service: ServiceRow, now: Date) {
    const day = dayIndex(service.day);
    const minutes = minutesIntoDay(service.time);
    if (day === WEEK_DAYS.length || minutes === 24 * 60) return;
    const start = this.churchTime.instant(`${this.firstDay(day, now)}T${clock(minutes)}`);
    calendar.createEvent({
      id: `service-${service.id}@${this.settings.uidDomain}`,
      stamp: service.updatedAt,
      lastModified: service.updatedAt,
      created: service.createdAt,
      start: this.onChurchClock(start),
      end: this.onChurchClock(new Date(start.getTime() + DEFAULT_LENGTH_MS)),
      timezone: this.settings.timeZone,
      repeating: { freq: ICalEventRepeatingFreq.WEEKLY },
      summary: service.name,
      description: [service.description, service.zoomLink && `Join online: ${service.zoomLink}`]
        .filter(Boolean)
        .join('\n\n'),
      location: this.settings.address,
      url: `${this.settings.publicUrl}/services`,
    });
  }

  /** The service's weekday in the current week (Monday first), on the church's calendar. */
  private firstDay(day: number, now: Date): string {
    const today = todayIn(this.settings.timeZone, now);
    const monday = new Date(`${today}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + day);
    return monday.toISOString().slice(0, 10);
  }

  /** ical-generator writes a plain Date on the server's own clock; a TZDate is written on the church's. */
  private onChurchClock(moment: Date): TZDate {
    return new TZDate(moment.getTime(), this.settings.timeZone);
  }
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * ical-generator writes the calendar's name as given, so a line break in an event's title would start new
 * lines of the file: control characters become spaces, and what RFC 5545 TEXT escapes is escaped.
 */
function calendarText(text: string): string {
  return text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .trim();
}
