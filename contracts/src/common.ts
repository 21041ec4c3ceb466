import { z } from 'zod';
export * from './common-values.js';

/** Messages a visitor reads under a field; one wording everywhere. */
export const REQUIRED = 'This field is required.';
export const BLANK = 'This field may not be blank.';

/** A required text field: trimmed, non-blank, bounded. */
export const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Must be text.') })
    .trim()
    .min(1, BLANK)
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** An optional text field: absent, null and blank all become "". */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '');

export const emailField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Must be text.') })
  .trim()
  .min(1, BLANK)
  .max(254, 'Ensure this field has no more than 254 characters.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((value) => value.toLowerCase());

/** Longest part of a sent value a message quotes back: enough to recognise it, never the whole of a huge one. */
const QUOTED_MAX = 50;

/** Sent text as a message repeats it: whole when short, its start and an ellipsis when long. */
export const cutShort = (text: string): string => (text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX)}…` : text);

/**
 * A sent value as a message names it: text, numbers and true/false quoted (cut short), anything else (a list,
 * an object, whose own toString may be anything the sender chose) by no more than its kind.
 */
export function quoteSent(input: unknown): string {
  if (typeof input === 'number' || typeof input === 'boolean') return `"${input}"`;
  if (typeof input !== 'string') return Array.isArray(input) ? 'A list' : 'This value';
  return `"${cutShort(input)}"`;
}

/** Choice from a fixed list, with the list named in the message. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? REQUIRED
        : `${quoteSent(issue.input)} is not a valid choice. Choose one of: ${values.join(', ')}.`,
  });

/** Field-keyed error lists, as every 400 answers them. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const detailSchema = z.object({ detail: z.string() });
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

export const integerId = z.coerce.number().int().positive().max(2_147_483_647);
export const uuidId = z.uuid();

/**
 * What every public form adds so the API can tell a script from a person. Both are optional additions
 * to the spec's payloads: a caller sending neither is treated as a person. `website` is a field people
 * never see (a honeypot), so text in it means a script filled the form. `fill_time_ms` is how long the
 * form was open before it was sent, measured by the page itself, so no clock has to agree with the
 * server's. Odd values are ignored rather than refused: a script learns nothing from the answer.
 */
export const newsletterConsentField = z
  .boolean({ error: 'Must be true or false.' })
  .nullish()
  .transform((value) => value ?? false);

export const spamCheckFields = {
  website: z.string().nullish().catch(null),
  // A multipart form (the photo upload) sends it as text.
  fill_time_ms: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() ? Number(value) : value),
      z.number().nonnegative().nullish(),
    )
    .catch(null),
};
export type SpamCheck = { website?: string | null; fill_time_ms?: number | null };

/** Below this a form was filled in faster than a person could; the API's default minimum. */
export const MIN_FILL_TIME_SECONDS = 3;
