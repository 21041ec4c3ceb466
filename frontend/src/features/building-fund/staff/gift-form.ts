import { todayIn, type FieldErrors, type GiftMethod } from '@gather/contracts';
import { ApiError } from '../../../lib/api';

/** The day in the staff member's own calendar; the server checks it against the church's. */
export const browserToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

export interface GiftValues {
  amount: string;
  received_on: string;
  method: GiftMethod;
  reference: string;
}

export const emptyGift = (): GiftValues => ({
  amount: '',
  received_on: browserToday(),
  method: 'bank_transfer',
  reference: '',
});

/** The first message per field of a refused save; empty when the failure was not about fields. */
export function firstErrors(error: unknown): Record<string, string> {
  const errors: FieldErrors = (error instanceof ApiError && error.fieldErrors) || {};
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0] ?? '']));
}
