/** The words, limits and helpers of the building fund that pages show, apart from the schemas: no zod here, so pages load none. */

export const CURRENCIES = ['GBP', 'USD'] as const;

export const PAYMENT_METHODS = ['online', 'bank_transfer', 'in_person'] as const;

export const MIN_PLEDGE = 1;

/** Whole pennies (or cents) of an amount such as "1234.50": money sums stay exact, unlike float maths. */
export function toPennies(amount: string): number {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const pennies = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -pennies : pennies;
}

export function formatPennies(pennies: number): string {
  const sign = pennies < 0 ? '-' : '';
  const absolute = Math.abs(pennies);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Total minus what is paid now, to 2 decimals, as the form's remaining-balance line shows it. */
export function remainingBalance(total: string, paidNow: string): string {
  return formatPennies(toPennies(total) - toPennies(paidNow));
}

/** The calendar day it is now in a time zone, as "YYYY-MM-DD". */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
