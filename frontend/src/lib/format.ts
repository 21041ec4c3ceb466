/** Dates, money and text as the church writes them: British English, long dates. */

/**
 * The church keeps its calendar on London time, and every date is shown on that clock: a visitor
 * abroad sees when things happen in London, and a page the server drew reads the same in the browser.
 */
export const CHURCH_TIME_ZONE = 'Europe/London';

/**
 * Formatters are made on first use: making one loads the locale's data, which costs a phone
 * tens of milliseconds at start-up, and most pages need only one of them.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions) {
  let formatter: Intl.DateTimeFormat | undefined;
  return (value: string | Date) =>
    (formatter ??= new Intl.DateTimeFormat('en-GB', { ...options, timeZone: CHURCH_TIME_ZONE })).format(
      new Date(value),
    );
}

const longDate = lazyFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = lazyFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const longDateTime = lazyFormat({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const weekdayDate = lazyFormat({ weekday: 'long', day: 'numeric', month: 'long' });
const clock = lazyFormat({ hour: 'numeric', minute: '2-digit', hour12: true });

/** "22 November 2026" */
export function formatDate(value: string | Date): string {
  return longDate(value);
}

/** "22 Nov 2026": for tables, where every column's width counts. */
export function formatShortDate(value: string | Date): string {
  return shortDate(value);
}

/** "22 November 2026 at 19:00" */
export function formatDateTime(value: string | Date): string {
  return longDateTime(value);
}

/** "Sunday 22 November" */
export function formatWeekdayDate(value: string | Date): string {
  return weekdayDate(value);
}

/** "7:00 pm" */
export function formatClock(value: string | Date): string {
  return clock(value);
}

/** Cuts text at `max` characters and marks the cut with an ellipsis. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

const CURRENCY_SYMBOLS: Record<string, string> = { GBP: '£', USD: '$' };

/** "£1,250.00": amounts arrive as exact decimal strings and are never turned into floats for sums. */
export function formatMoney(amount: string | number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
  const [whole = '0', pennies = '00'] = String(amount).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${symbol}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pennies.padEnd(2, '0').slice(0, 2)}`;
}

/** Event prices: a dollar sign, as the church has always shown them; nothing or zero is free. */
export function formatEventPrice(price: string | null | undefined): string {
  if (!price || Number(price) === 0) return 'Free';
  return `$${price}`;
}

/** 'Just now', '5m ago', '3h ago', '2d ago'. */
export function timeAgo(value: string | Date, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(value).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** "2.4 MB" */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
