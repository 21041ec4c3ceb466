import { NO_GIFT_AID, remainingBalance, todayIn, type pledgeRequestSchema } from '@gather/contracts';
import type { z } from 'zod';

export type PledgeFormValues = z.input<ReturnType<typeof pledgeRequestSchema>>;

/** The visitor's own calendar day: the form's earliest pay-by date. The server judges it again in the church's. */
export function browserToday(now: Date = new Date()): string {
  return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, now);
}

/** The same day next month ("2026-01-31" gives "2026-02-28": a short month ends the month early). */
export function oneMonthAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextYear = month === 12 ? year + 1 : year;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${nextYear}-${pad(nextMonth)}-${pad(Math.min(date, lastDay))}`;
}

export function emptyPledge(today: string): PledgeFormValues {
  return {
    first_name: '',
    middle_name: '',
    last_name: '',
    email: '',
    phone: '',
    currency: 'GBP',
    total_pledge: '',
    pay_by_date: oneMonthAfter(today),
    payment_type: 'full',
    payment_amount: '',
    payment_method: 'online',
    message: '',
    newsletter_consent: false,
    ...NO_GIFT_AID,
  };
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** What is left to pay after today's amount; an amount still being typed counts as nothing yet. */
export function balanceLeft(total: unknown, paidNow: unknown): string {
  const exact = (value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    return AMOUNT.test(text) ? text : '0';
  };
  return remainingBalance(exact(total), exact(paidNow));
}
