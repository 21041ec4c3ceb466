import { CHURCH_TIME_ZONE } from './format';

let parts: Intl.DateTimeFormat | undefined;

/** Minutes the church's clock is ahead of UTC at `instant` (0 in winter, 60 in British Summer Time). */
function offsetAt(instant: number): number {
  parts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: CHURCH_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const field = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date (`2026-03-29`) and time (`10:30`) on the church's clock as an instant with its offset
 * (`2026-03-29T10:30:00+01:00`). A time the clocks skip in spring is taken as the hour after; a time
 * that happens twice in autumn as the first (summer time).
 */
export function churchTimeToInstant(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // The offset of the wall time read as UTC is a first guess; the offset at the instant it gives decides.
  const guess = offsetAt(wall);
  const offset = Math.max(guess, offsetAt(wall - guess * 60_000));
  const sign = offset < 0 ? '-' : '+';
  const instant = new Date(wall - offset * 60_000);
  const local = new Date(instant.getTime() + offset * 60_000);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:00` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** An instant as a `datetime-local` value (to the minute) on the church's clock: date inputs show and send times on it. */
export function toDateTimeInput(iso: string | null, timeZone = CHURCH_TIME_ZONE): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** A `datetime-local` value on the church's clock as an instant with its offset; empty stays empty (null). */
export function fromDateTimeInput(value: string): string | null {
  if (!value) return null;
  const [date = '', time = ''] = value.split('T');
  return churchTimeToInstant(date, time);
}
