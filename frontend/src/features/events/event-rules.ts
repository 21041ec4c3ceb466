import type { ChurchEvent, EventStatus } from '@gather/contracts';
import { DEFAULT_BUTTON_TEXT } from '@gather/contracts/defaults';
import type { BadgeTone } from '../../components/States';

export const STATUS_TONES: Record<EventStatus, BadgeTone> = {
  upcoming: 'indigo',
  ongoing: 'teal',
  completed: 'grey',
  cancelled: 'coral',
};

export const STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function eventButtonText(event: Pick<ChurchEvent, 'button_text'>): string {
  return event.button_text.trim() || DEFAULT_BUTTON_TEXT;
}

/** Where an event's button goes: its own link, or the contact page to ask about it. */
export function eventTarget(event: Pick<ChurchEvent, 'event_link'>): { href: string; external: boolean } {
  const link = event.event_link?.trim();
  if (!link) return { href: '/contact', external: false };
  return { href: link, external: /^https?:/i.test(link) };
}

/** The home page's upcoming list: the next few events that are not one of the special ones. */
export function withoutSpecial(events: ChurchEvent[]): ChurchEvent[] {
  return events.filter((event) => !event.is_special);
}
