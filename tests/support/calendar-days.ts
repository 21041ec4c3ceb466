/** The calendar day in a time zone, worked out independently of the server's own code. */
export const dayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });

/** The calendar day in the church's zone (the default, Europe/London). */
export const londonToday = () => dayIn('Europe/London');

/** A `YYYY-MM-DD` day moved by a number of days. */
export const shiftDay = (day: string, days: number) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};
