import type { ChurchEvent } from '@gather/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { EventCard } from './EventCard';
import { STATUS_TONES } from './event-rules';

function churchEvent(changes: Partial<ChurchEvent> = {}): ChurchEvent {
  return {
    id: 4,
    title: 'Harvest Supper',
    description: 'A shared meal.',
    date: '2026-12-06T19:00:00.000Z',
    end_date: null,
    time: '7:00 PM',
    formatted_time: 'Sunday, 6 December 2026, 7:00 PM',
    location: 'Church hall',
    venue_address: null,
    event_type: 'fellowship',
    status: 'upcoming',
    is_featured: false,
    is_special: false,
    event_link: null,
    link_type: 'learn_more',
    button_text: '',
    organizer: null,
    contact_email: null,
    capacity: null,
    price: null,
    image: null,
    ...changes,
  };
}

const show = (event: ChurchEvent, limit = 120) => renderPage(<EventCard event={event} descriptionLimit={limit} />);

describe('an event card', () => {
  const long = 'Come and share a meal with the whole church family. '.repeat(5);

  it('cuts the description at 120 characters on the events page, with an ellipsis', () => {
    show(churchEvent({ description: long }), 120);
    const text = screen.getByText(/^Come and share/).textContent!;
    expect(text.endsWith('...')).toBe(true);
    expect(text).toBe(`${long.slice(0, 120).trimEnd()}...`);
  });

  it('cuts it at 100 on the home page, and leaves a short one whole', () => {
    show(churchEvent({ id: 1, description: long }), 100);
    expect(screen.getByText(/^Come and share/).textContent).toBe(`${long.slice(0, 100).trimEnd()}...`);
    show(churchEvent({ id: 2, title: 'Short', description: 'A shared meal.' }), 100);
    expect(screen.getByText('A shared meal.')).toBeTruthy();
  });

  it('shows the price with a dollar sign, and a free event as free', () => {
    show(churchEvent({ price: '12.50' }));
    expect(screen.getByText('$12.50')).toBeTruthy();
    show(churchEvent({ id: 5, price: null }));
    expect(screen.getByText('Free')).toBeTruthy();
  });

  it("says 'Learn More' when staff left the button text empty, and goes to the event's link", () => {
    show(churchEvent({ button_text: '  ', event_link: '/connect' }));
    expect(screen.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/connect');
  });

  it('uses the button text staff chose, opening an outside link in a new tab', () => {
    show(churchEvent({ button_text: 'Buy Tickets', event_link: 'https://tickets.example.org/harvest' }));
    const link = screen.getByRole('link', { name: /Buy Tickets/ });
    expect(link.getAttribute('href')).toBe('https://tickets.example.org/harvest');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows its status and its date as the church writes it', () => {
    show(churchEvent({ status: 'cancelled' }));
    const card = screen.getByRole('article');
    expect(within(card).getByText('Cancelled')).toBeTruthy();
    expect(within(card).getByText('Sunday, 6 December 2026, 7:00 PM')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Harvest Supper' })).toBeTruthy();
  });

  it('colours each status as the design asks', () => {
    expect(STATUS_TONES).toEqual({ upcoming: 'indigo', ongoing: 'teal', completed: 'grey', cancelled: 'coral' });
  });
});
