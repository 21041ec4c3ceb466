import { WEEK_DAYS, type WeeklyService } from '@gather/contracts';
import { CHURCH_TIME_ZONE } from '../../lib/format';

/** Today's weekday in the church's calendar, as WEEK_DAYS names it. */
export function churchWeekday(now: Date): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: CHURCH_TIME_ZONE }).format(now);
}

/**
 * The services in the order they come next: today's first, then the rest of the week. The API gives them
 * Monday to Sunday and by time within a day, which a stable sort keeps.
 */
export function nextServices(services: WeeklyService[], today: string): WeeklyService[] {
  const start = WEEK_DAYS.findIndex((day) => day === today);
  const daysAhead = (service: WeeklyService) => {
    const index = WEEK_DAYS.findIndex((day) => day.toLowerCase() === service.day.trim().toLowerCase());
    return index === -1 ? WEEK_DAYS.length : (index - start + WEEK_DAYS.length) % WEEK_DAYS.length;
  };
  return [...services].sort((a, b) => daysAhead(a) - daysAhead(b));
}
