import {
  END_BEFORE_START,
  EVENT_STATUSES,
  EVENT_TYPES,
  LINK_TYPE_LABELS,
  LINK_TYPES,
  type ChurchEvent,
  type EventForm,
} from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { mediaUrl, type MediaStorage } from '../../platform/media/storage.js';
import { saveWithImage, type ReceivedImage } from '../../platform/media/upload.js';
import type { ChurchTime } from './church-time.js';
import type { EventRepository, EventRow, EventValues } from './repository.js';

const IMAGE_FOLDER = 'events';

export class EventService {
  constructor(
    private readonly events: EventRepository,
    private readonly churchTime: ChurchTime,
    private readonly storage: MediaStorage,
  ) {}

  async all(): Promise<ChurchEvent[]> {
    return (await this.events.all()).map((row) => this.toEvent(row));
  }

  async upcoming(): Promise<ChurchEvent[]> {
    return (await this.events.upcoming()).map((row) => this.toEvent(row));
  }

  async one(id: number): Promise<ChurchEvent> {
    const row = await this.events.byId(id);
    if (!row) throw AppError.notFound();
    return this.toEvent(row);
  }

  async special(): Promise<ChurchEvent[]> {
    return (await this.events.upcomingSpecial()).map((row) => this.toEvent(row));
  }

  async create(form: EventForm, image: ReceivedImage | undefined): Promise<ChurchEvent> {
    const values = this.valuesOf(form);
    const created = await saveWithImage(this.storage, image, IMAGE_FOLDER, (stored) =>
      this.events.create({ ...values, image: stored ?? null }),
    );
    return this.toEvent(created!);
  }

  /** Every field is replaced; without a new image the old one stays, and a replaced one is removed once saved. */
  async update(id: number, form: EventForm, image: ReceivedImage | undefined): Promise<ChurchEvent> {
    const values = this.valuesOf(form);
    const saved = await saveWithImage(this.storage, image, IMAGE_FOLDER, (stored) =>
      this.events.update(id, stored ? { ...values, image: stored } : values),
    );
    if (!saved) throw AppError.notFound();
    if (saved.previousImage !== saved.event.image) await this.storage.remove(saved.previousImage);
    return this.toEvent(saved.event);
  }

  async remove(id: number): Promise<void> {
    const removed = await this.events.remove(id);
    if (!removed) throw AppError.notFound();
    await this.storage.remove(removed.image);
  }

  private valuesOf(form: EventForm): EventValues {
    const date = this.churchTime.instant(form.date);
    const endDate = form.end_date === null ? null : this.churchTime.instant(form.end_date);
    if (endDate && endDate < date) throw AppError.invalid({ end_date: [END_BEFORE_START] });
    return {
      title: form.title,
      eventType: form.event_type,
      description: form.description,
      date,
      endDate,
      location: form.location,
      venueAddress: form.venue_address,
      organizer: form.organizer,
      contactEmail: form.contact_email,
      eventLink: form.event_link,
      linkType: form.link_type,
      buttonText: form.button_text,
      capacity: form.capacity,
      price: form.price,
      status: form.status,
      isFeatured: form.is_featured,
      isSpecial: form.is_special,
    };
  }

  private toEvent(row: EventRow): ChurchEvent {
    const linkType = oneOf(LINK_TYPES, row.linkType, 'learn_more');
    const when = this.churchTime.when(row.date);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      date: row.date.toISOString(),
      end_date: row.endDate?.toISOString() ?? null,
      time: when.time,
      formatted_time: when.dateAndTime,
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
