import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from './format.js';

describe('money and days as the mail writes them', () => {
  it('writes amounts with the pledge form own symbols and thousands grouped', () => {
    expect(formatMoney('1234.50', 'GBP')).toBe('£1,234.50');
    expect(formatMoney('1234567.5', 'USD')).toBe('$1,234,567.50');
    expect(formatMoney('-20.5', 'GBP')).toBe('-£20.50');
    expect(formatMoney('12', 'EUR')).toBe('EUR 12.00');
  });

  it('writes a date-only value as that day wherever the server runs', () => {
    expect(formatDay('2026-03-12')).toBe('12 March 2026');
    expect(formatDay('2026-12-31')).toBe('31 December 2026');
  });
});
