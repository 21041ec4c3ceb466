import { describe, expect, it } from 'vitest';
import { ChurchTime } from './church-time.js';

const london = new ChurchTime('Europe/London');

describe("event times on the church's clock", () => {
  it('reads a time staff typed without an offset on the church clock, in winter and in summer', () => {
    expect(london.instant('2026-01-11T10:30').toISOString()).toBe('2026-01-11T10:30:00.000Z');
    expect(london.instant('2026-07-12T10:30').toISOString()).toBe('2026-07-12T09:30:00.000Z');
  });

  it('takes a time with an offset as it is', () => {
    expect(london.instant('2026-07-12T10:30:00+02:00').toISOString()).toBe('2026-07-12T08:30:00.000Z');
    expect(london.instant('2026-07-12T10:30:00Z').toISOString()).toBe('2026-07-12T10:30:00.000Z');
  });

  it('reads times either side of the clocks going forward and back', () => {
    // 29 March 2026 01:00 GMT the clocks go to 02:00 BST; 25 October 2026 02:00 BST they go back to 01:00 GMT.
    expect(london.instant('2026-03-29T00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(london.instant('2026-03-29T03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(london.instant('2026-10-25T03:00').toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });

  it('shows a moment as visitors in the church read it', () => {
    expect(london.when(new Date('2026-12-06T19:00:00Z'))).toEqual({
      time: '7:00 PM',
      dateAndTime: 'Sunday, 6 December 2026, 7:00 PM',
    });
    expect(london.time(new Date('2026-07-05T09:30:00Z'))).toBe('10:30 AM');
  });
});
