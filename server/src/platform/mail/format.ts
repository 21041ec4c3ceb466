const CURRENCY_SYMBOLS: Record<string, string> = { GBP: '£', USD: '$' };

/** "1234.50" in GBP as "£1,234.50": the pledge form's symbols, not Intl's "US$". */
export function formatMoney(amount: string, currency: string): string {
  const [whole = '0', fraction = '00'] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}${CURRENCY_SYMBOLS[currency] ?? `${currency} `}${grouped}.${fraction.padEnd(2, '0')}`;
}

/** A date-only value ("2026-03-12") as "12 March 2026". */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
