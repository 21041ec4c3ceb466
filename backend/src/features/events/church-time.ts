/** Event times as visitors read them: in the church's own time zone, wherever the server runs. */
export class ChurchTime {
  private readonly day: Intl.DateTimeFormat;
  private readonly clock: Intl.DateTimeFormat;

  constructor(timeZone: string) {
    this.day = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    this.clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
  }

  /** e.g. "7:00 PM" (en-GB writes "pm"; the site shows "PM"). */
  time(moment: Date): string {
    const parts = this.clock.formatToParts(moment);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
  }

  /** e.g. "Sunday, 6 December 2026, 7:00 PM". */
  dateAndTime(moment: Date): string {
    return `${this.day.format(moment)}, ${this.time(moment)}`;
  }
}
