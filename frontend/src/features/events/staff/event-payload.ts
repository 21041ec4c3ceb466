import { formDataOf } from '../../../lib/form-data';
import type { ChurchEvent, EventFormInput } from '@gather/contracts';
import { CHURCH_TIME_ZONE } from '../../../lib/format';

/** An instant as a `datetime-local` value (to the minute) on the church's clock: date inputs show and send times on it. */
export function toDateTimeInput(iso: string | null, timeZone = CHURCH_TIME_ZONE): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

export type EventFormValues = {
  [Key in keyof Required<EventFormInput>]: Key extends 'is_featured' | 'is_special' ? boolean : string;
};

export function eventFormValues(event?: ChurchEvent): EventFormValues {
  return {
    title: event?.title ?? '',
    event_type: event?.event_type ?? 'special',
    description: event?.description ?? '',
    date: toDateTimeInput(event?.date ?? null),
    end_date: toDateTimeInput(event?.end_date ?? null),
    location: event?.location ?? '',
    venue_address: event?.venue_address ?? '',
    organizer: event?.organizer ?? '',
    contact_email: event?.contact_email ?? '',
    event_link: event?.event_link ?? '',
    link_type: event?.link_type ?? 'learn_more',
    button_text: event?.button_text ?? '',
    capacity: event?.capacity?.toString() ?? '',
    price: event?.price ?? '',
    status: event?.status ?? 'upcoming',
    is_featured: event?.is_featured ?? false,
    is_special: event?.is_special ?? false,
  };
}

/** The multipart body the events API reads (empty fields left out); the image only when one was chosen. */
export function eventFormData(values: Record<string, unknown>, image?: File | null): FormData {
  return formDataOf(values, { image });
}
