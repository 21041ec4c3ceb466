import { describe, expect, it } from 'vitest';
import { formatPennies, remainingBalance, todayIn, toPennies } from './pledges-values.js';

describe('money as the building fund counts it', () => {
  it('adds amounts to the penny, where floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatPennies(toPennies('0.10') + toPennies('0.20'))).toBe('0.30');
    const gifts = Array.from({ length: 1000 }, () => toPennies('19.99'));
    expect(formatPennies(gifts.reduce((sum, pennies) => sum + pennies, 0))).toBe('19990.00');
  });

  it('reads amounts as people write them, and writes them with two decimals', () => {
    expect(toPennies('250')).toBe(25_000);
    expect(toPennies('250.5')).toBe(25_050);
    expect(toPennies('0.07')).toBe(7);
    expect(toPennies('-12.30')).toBe(-1230);
    expect(formatPennies(5)).toBe('0.05');
    expect(formatPennies(-1230)).toBe('-12.30');
  });

  it('gives the remaining balance of a pledge, overpaid ones below zero', () => {
    expect(remainingBalance('1000.00', '333.33')).toBe('666.67');
    expect(remainingBalance('100', '120.50')).toBe('-20.50');
  });
});

describe("the church's calendar day", () => {
  it('turns at midnight in London, not at midnight UTC, in winter and in summer', () => {
    expect(todayIn('Europe/London', new Date('2026-01-10T23:59:59Z'))).toBe('2026-01-10');
    expect(todayIn('Europe/London', new Date('2026-07-10T22:59:59Z'))).toBe('2026-07-10');
    expect(todayIn('Europe/London', new Date('2026-07-10T23:00:00Z'))).toBe('2026-07-11');
    expect(todayIn('America/New_York', new Date('2026-07-11T03:00:00Z'))).toBe('2026-07-10');
  });
});
