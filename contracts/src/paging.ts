import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
const SEARCH_MAX = 200;
const ORDERING_MAX = 64;

/** `page`, `page_size`, `search` and `ordering` as every staff list takes them. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'A page number is a whole number from 1.' })
    .int()
    .min(1, 'A page number is a whole number from 1.')
    .default(1),
  page_size: z.coerce
    .number({ error: `Page size is a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int()
    .min(1, `Page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `Page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(SEARCH_MAX, `Ensure this field has no more than ${SEARCH_MAX} characters.`).optional(),
  // A column's name, perhaps with a leading '-': the refusal of an unknown one quotes it back.
  ordering: z
    .string()
    .trim()
    .max(ORDERING_MAX, `Ensure this field has no more than ${ORDERING_MAX} characters.`)
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A query flag such as `is_read=true`; anything but true/false is refused. */
export const booleanFlag = z
  .enum(['true', 'false'], { error: 'Use true or false.' })
  .transform((value) => value === 'true');

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(row),
  });
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
