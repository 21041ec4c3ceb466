import { describe, expect, it } from 'vitest';
import { churchTimeToInstant, fromDateTimeInput, toDateTimeInput } from './church-time';

describe('church time to an instant', () => {
  it('uses GMT in winter and BST in summer', () => {
    expect(churchTimeToInstant('2026-01-15', '09:00')).toBe('2026-01-15T09:00:00+00:00');
    expect(churchTimeToInstant('2026-07-01', '18:30')).toBe('2026-07-01T18:30:00+01:00');
  });

  it('changes offset on the days the clocks change', () => {
    // 29 March 2026: clocks go forward at 01:00 GMT.
    expect(churchTimeToInstant('2026-03-29', '00:30')).toBe('2026-03-29T00:30:00+00:00');
    expect(churchTimeToInstant('2026-03-29', '10:30')).toBe('2026-03-29T10:30:00+01:00');
    // 25 October 2026: clocks go back at 02:00 BST.
    expect(churchTimeToInstant('2026-10-24', '10:30')).toBe('2026-10-24T10:30:00+01:00');
    expect(churchTimeToInstant('2026-10-25', '10:30')).toBe('2026-10-25T10:30:00+00:00');
  });

  it('reads the same instant back on the church clock', () => {
    for (const [date, time] of [
      ['2026-03-29', '03:15'],
      ['2026-10-25', '01:30'],
      ['2026-12-24', '23:59'],
    ] as const) {
      const instant = new Date(churchTimeToInstant(date, time));
      const shown = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
      }).format(instant);
      expect(shown).toBe(time);
    }
  });
});

describe('a date input on the church clock', () => {
  it('gives the instant back that it was drawn from, and empty as null', () => {
    expect(fromDateTimeInput(toDateTimeInput('2026-07-05T17:30:00Z'))).toBe('2026-07-05T18:30:00+01:00');
    expect(fromDateTimeInput('2026-12-20T18:30')).toBe('2026-12-20T18:30:00+00:00');
    expect(fromDateTimeInput('')).toBeNull();
  });
});
