/**
 * What the staff-edited content of the site (events, sermons, weekly services, albums) shares: its pictures, the id
 * in its staff calls' paths, its optional links, and the fields of its multipart staff forms.
 */

import { z } from 'zod';
import { integerId } from './common.js';

/** A media file's URL path (`/media/...`) or an absolute URL; null when there is none. */
export const imageUrl = z.string().nullable();

/** The id in the path of a staff call on one event, album or sermon series. */
export const contentIdParamsSchema = z.object({ id: integerId });

/** Staff pictures (event images, album covers, gallery photos) up to this size; larger ones are refused with 413. */
export const STAFF_IMAGE_MAX_MB = 10;

export const NOT_AN_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

// Optional links in the staff requests of services and sermons.

const LINK_MAX = 500;
const linkTooLong = `Ensure this field has no more than ${LINK_MAX} characters.`;

/** An optional link: absent, null and blank all become null; anything else must be a web address. */
export const optionalWebLink = (link: z.ZodType<string, string>) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(LINK_MAX, linkTooLong)
    .nullish()
    .transform((value) => value || null)
    .pipe(link.nullable());

export const webAddress = z.httpUrl('Enter a valid URL starting with http:// or https://.');

// Staff forms for events, albums and the gallery. They arrive as multipart, so every value is text;
// the staff pages leave empty fields out, and a blank value sent anyway means the same.

export const LARGEST_INTEGER = 2_147_483_647;

/** Multipart values are text and JSON ones may be numbers: both read as trimmed text, blank as absent. */
export const asFormText = (value: unknown) => {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() || undefined;
  return value ?? undefined;
};

/** A checkbox: 'true'/'false' from the staff pages, 'on' from a plain form, a boolean from JSON; absent is false. */
export const formFlag = z
  .preprocess(
    asFormText,
    z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], { error: 'Must be a valid boolean.' }),
  )
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

export const wholeNumberText = (message: string, requiredMessage = message) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : message) })
    .regex(/^-?\d+$/, message)
    .transform(Number);
