/** Plain days ("YYYY-MM-DD") as the church's calendar has them, for placing demo content around today. */

export function churchToday(timeZone: string, now = new Date()): string {
  // The Canadian English calendar writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(day: string, days: number): string {
  const moment = new Date(`${day}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** 0 is Sunday, as Date counts. */
function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The most recent Sunday, today included. */
export function sundaysBack(today: string, weeks: number): string {
  return addDays(today, -weekday(today) - 7 * weeks);
}

/** A weekday counted in weeks from today: 1 is the first one after today, 0 the one before it, -1 a week earlier. */
export function weekdayFrom(today: string, day: number, weeksAhead: number): string {
  const next = addDays(today, ((day - weekday(today) + 6) % 7) + 1);
  return addDays(next, 7 * (weeksAhead - 1));
}

export function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}
