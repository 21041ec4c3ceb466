import { EVENT_STATUSES, EVENT_TYPES, LINK_TYPE_LABELS, LINK_TYPES, type ChurchEvent } from '@gather/contracts';
import { mediaUrl } from '../../media/storage.js';
import type { ChurchTime } from './church-time.js';
import type { EventRepository, EventRow } from './repository.js';

export class EventService {
  constructor(
    private readonly events: EventRepository,
    private readonly churchTime: ChurchTime,
  ) {}

  async all(): Promise<ChurchEvent[]> {
    return (await this.events.all()).map((row) => this.toEvent(row));
  }

  async upcoming(): Promise<ChurchEvent[]> {
    return (await this.events.upcoming()).map((row) => this.toEvent(row));
  }

  async special(): Promise<ChurchEvent[]> {
    return (await this.events.upcomingSpecial()).map((row) => this.toEvent(row));
  }

  private toEvent(row: EventRow): ChurchEvent {
    const linkType = oneOf(LINK_TYPES, row.linkType, 'learn_more');
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      date: row.date.toISOString(),
      end_date: row.endDate?.toISOString() ?? null,
      time: this.churchTime.time(row.date),
      formatted_time: this.churchTime.dateAndTime(row.date),
      location: row.location,
      venue_address: row.venueAddress,
      event_type: oneOf(EVENT_TYPES, row.eventType, 'special'),
      status: oneOf(EVENT_STATUSES, row.status, 'upcoming'),
      is_featured: row.isFeatured,
      is_special: row.isSpecial,
      event_link: row.eventLink,
      link_type: linkType,
      button_text: row.buttonText?.trim() || LINK_TYPE_LABELS[linkType],
      organizer: row.organizer,
      contact_email: row.contactEmail,
      capacity: row.capacity,
      // numeric(10,2) comes back as its exact text, already with two decimals.
      price: row.price,
      image: mediaUrl(row.image),
    };
  }
}

/** The columns are plain text; a value outside the spec's list reads as the spec's default. */
function oneOf<const T extends readonly string[]>(allowed: T, value: string, fallback: T[number]): T[number] {
  return (allowed as readonly string[]).includes(value) ? (value as T[number]) : fallback;
}
