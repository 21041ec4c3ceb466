import { describe, expect, it } from 'vitest';
import { toDateTimeInput } from '../../../lib/church-time';
import { eventFormData, eventFormValues } from './event-payload';

describe('eventFormData', () => {
  it('leaves empty and null fields out of the payload and sends flags as text', () => {
    const body = eventFormData({
      ...eventFormValues(),
      title: 'Carol Service',
      description: 'Candles and carols.',
      date: '2026-12-20T18:30',
      location: 'Main hall',
      end_date: null,
      organizer: '   ',
      capacity: 120,
      is_featured: true,
    });
    expect([...body.keys()].sort()).toEqual(
      [
        'date',
        'description',
        'event_type',
        'is_featured',
        'is_special',
        'link_type',
        'location',
        'status',
        'title',
        'capacity',
      ].sort(),
    );
    expect(body.get('capacity')).toBe('120');
    expect(body.get('is_featured')).toBe('true');
    expect(body.get('is_special')).toBe('false');
    expect(body.has('image')).toBe(false);
  });

  it('adds the chosen image', () => {
    const image = new File(['x'], 'poster.png', { type: 'image/png' });
    expect(eventFormData({ title: 'A' }, image).get('image')).toBeInstanceOf(File);
  });
});

describe('toDateTimeInput', () => {
  it('shows an instant on the church clock, to the minute', () => {
    expect(toDateTimeInput('2026-07-05T17:30:00Z')).toBe('2026-07-05T18:30');
    expect(toDateTimeInput('2026-12-20T18:30:00Z')).toBe('2026-12-20T18:30');
    expect(toDateTimeInput(null)).toBe('');
  });
});
