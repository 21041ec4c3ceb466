import type { WeeklyService } from '@gather/contracts';
import { describe, expect, it } from 'vitest';
import { churchWeekday, nextServices } from './next-services';

const service = (id: number, day: string, time: string): WeeklyService => ({
  id,
  name: `${day} ${time}`,
  day,
  time,
  description: '',
  zoom_link: null,
  is_active: true,
});

describe('the next service times', () => {
  // As the API gives them: Monday to Sunday, by time within a day.
  const week = [
    service(1, 'Monday', '7:00 PM'),
    service(2, 'Wednesday', '7:00 PM'),
    service(3, 'Sunday', '9:00 AM'),
    service(4, 'Sunday', '11:00 AM'),
  ];

  it('start with today and go round the week, keeping the order within a day', () => {
    expect(nextServices(week, 'Sunday').map(({ id }) => id)).toEqual([3, 4, 1, 2]);
    expect(nextServices(week, 'Tuesday').map(({ id }) => id)).toEqual([2, 3, 4, 1]);
  });

  it("read today by the church's calendar, not the phone's", () => {
    // Half past midnight on a summer Sunday in London is still Saturday by UTC.
    expect(churchWeekday(new Date('2026-07-04T23:30:00Z'))).toBe('Sunday');
  });
});
