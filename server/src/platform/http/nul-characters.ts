import type { FieldErrors } from '@gather/contracts';

const NUL_REFUSED = 'Null characters are not allowed.';

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, so a NUL anywhere in what a client sends is refused with a
 * message on its field, before any schema or SQL sees it. Refused rather than stripped: the sender learns
 * that their text was not taken as sent, and what is stored is exactly what was sent.
 */
export function nulCharacterErrors(input: unknown, path: string[] = []): FieldErrors {
  const errors: FieldErrors = {};
  const refuse = (at: string[]) => (errors[at.length ? at.join('.') : 'non_field_errors'] = [NUL_REFUSED]);
  if (typeof input === 'string') {
    if (input.includes('\u0000')) refuse(path);
  } else if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (key.includes('\u0000')) refuse([...path, key]);
      Object.assign(errors, nulCharacterErrors(value, [...path, key]));
    }
  }
  return errors;
}
