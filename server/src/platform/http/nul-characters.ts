import type { FieldErrors } from '@gather/contracts';

const NUL_REFUSED = 'Null characters are not allowed.';

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, so a NUL anywhere in what a client sends is refused with a
 * message on its field, before any schema or SQL sees it. Refused rather than stripped: the sender learns
 * that their text was not taken as sent, and what is stored is exactly what was sent.
 *
 * The walk keeps its own list of what is left to look at rather than calling itself: how deep a value goes is
 * the sender's choice, and the call stack must not be.
 */
export function nulCharacterErrors(input: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const refuse = (field: string) => (errors[field || 'non_field_errors'] = [NUL_REFUSED]);
  const waiting: Array<{ value: unknown; field: string }> = [{ value: input, field: '' }];
  for (let next = waiting.pop(); next; next = waiting.pop()) {
    const { value, field } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) refuse(field);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const innerField = field ? `${field}.${key}` : key;
        if (key.includes('\u0000')) refuse(innerField);
        waiting.push({ value: inner, field: innerField });
      }
    }
  }
  return errors;
}
