/** Event times as visitors read them: in the church's own time zone, wherever the server runs. */
export class ChurchTime {
  private readonly zone: () => string;
  private formats?: {
    zone: string;
    day: Intl.DateTimeFormat;
    clock: Intl.DateTimeFormat;
    wallClock: Intl.DateTimeFormat;
  };

  /** A function is read at each use: the church's time zone as Settings last saved it. */
  constructor(timeZone: string | (() => string)) {
    this.zone = typeof timeZone === 'string' ? () => timeZone : timeZone;
  }

  private get day(): Intl.DateTimeFormat {
    return this.current().day;
  }

  private get clock(): Intl.DateTimeFormat {
    return this.current().clock;
  }

  private get wallClock(): Intl.DateTimeFormat {
    return this.current().wallClock;
  }

  /** The formatters of the zone in force, made again only when it changed. */
  private current() {
    const zone = this.zone();
    if (this.formats?.zone !== zone) {
      this.formats = {
        zone,
        day: new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }),
        clock: new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true }),
        wallClock: new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
          hourCycle: 'h23',
        }),
      };
    }
    return this.formats;
  }

  /** e.g. "7:00 PM" (en-GB writes "pm"; the site shows "PM"). */
  time(moment: Date): string {
    const parts = this.clock.formatToParts(moment);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
  }

  /** e.g. "7:00 PM" and "Sunday, 6 December 2026, 7:00 PM", the clock read once for both. */
  when(moment: Date): { time: string; dateAndTime: string } {
    const time = this.time(moment);
    return { time, dateAndTime: `${this.day.format(moment)}, ${time}` };
  }

  /**
   * The instant a staff page means: an ISO time with an offset is exact; one without
   * ("2026-12-06T19:00", what a date-time input gives) is read on the church's clock.
   */
  instant(dateTime: string): Date {
    if (/(z|[+-]\d\d:?\d\d)$/i.test(dateTime)) return new Date(dateTime);
    const asIfUtc = Date.parse(`${dateTime}Z`);
    // The offset differs either side of a clock change, so it is read again at the first guess.
    const firstGuess = asIfUtc - this.offsetAt(asIfUtc);
    return new Date(asIfUtc - this.offsetAt(firstGuess));
  }

  /** How far the church's clock is ahead of UTC at an instant, in milliseconds. */
  private offsetAt(instant: number): number {
    const parts = Object.fromEntries(
      this.wallClock.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
    );
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
    return wall - (instant - (instant % 1000));
  }
}
