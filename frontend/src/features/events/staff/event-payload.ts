import { formDataOf } from '../../../lib/form-data';
import type { ChurchEvent, EventFormInput } from '@gather/contracts';
import { toDateTimeInput } from '../../../lib/church-time';

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
