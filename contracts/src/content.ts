import { z } from 'zod';
import { choice, emailField, integerId, optionalText, REQUIRED, requiredText } from './common.js';
import { DEFAULT_BUTTON_TEXT } from './defaults.js';
export * from './content-values.js';

export const EVENT_TYPES = [
  'conference',
  'outreach',
  'youth',
  'worship',
  'community',
  'training',
  'fellowship',
  'fundraising',
  'missions',
  'special',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const LINK_TYPES = [
  'learn_more',
  'sign_up',
  'register',
  'buy_tickets',
  'donate',
  'join',
  'rsvp',
  'watch_live',
  'external_link',
] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** What an event's button says when staff left its text empty. */
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  learn_more: DEFAULT_BUTTON_TEXT,
  sign_up: 'Sign Up',
  register: 'Register',
  buy_tickets: 'Buy Tickets',
  donate: 'Donate',
  join: 'Join Us',
  rsvp: 'RSVP',
  watch_live: 'Watch Live',
  external_link: 'Visit Website',
};

/** A media file's URL path (`/media/...`) or an absolute URL; null when there is none. */
const imageUrl = z.string().nullable();

export const sermonSeriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Shown once the worker has made its cleaned copy. */
  artwork: imageUrl,
});
export type SermonSeries = z.infer<typeof sermonSeriesSchema>;
export const sermonSeriesListSchema = z.array(sermonSeriesSchema);

export const sermonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  speaker: z.string(),
  date: z.iso.date(),
  description: z.string(),
  thumbnail: imageUrl,
  video_url: z.string().nullable(),
  series: sermonSeriesSchema.nullable(),
  /** The recording (MP3 or M4A) under /media/, or null; size in bytes, duration as ffprobe read it. */
  audio_url: z.string().nullable(),
  audio_type: z.string().nullable(),
  audio_size: z.number().int().nullable(),
  audio_duration_seconds: z.number().nullable(),
});
export type Sermon = z.infer<typeof sermonSchema>;
export const sermonListSchema = z.array(sermonSchema);

export const LATEST_SERMONS_DEFAULT = 7;
export const LATEST_SERMONS_MAX = 50;

export const latestSermonsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(LATEST_SERMONS_MAX, `Ensure this value is less than or equal to ${LATEST_SERMONS_MAX}.`)
    .default(LATEST_SERMONS_DEFAULT),
});
export type LatestSermonsQuery = z.infer<typeof latestSermonsQuerySchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: z.iso.datetime({ offset: true }),
  end_date: z.iso.datetime({ offset: true }).nullable(),
  /** Start time in the church's time zone, e.g. "7:00 PM". */
  time: z.string(),
  /** e.g. "Sunday, 6 December 2026, 7:00 PM", in the church's time zone. */
  formatted_time: z.string(),
  location: z.string(),
  venue_address: z.string().nullable(),
  event_type: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
  is_featured: z.boolean(),
  is_special: z.boolean(),
  event_link: z.string().nullable(),
  link_type: z.enum(LINK_TYPES),
  button_text: z.string(),
  organizer: z.string().nullable(),
  contact_email: z.string().nullable(),
  capacity: z.number().int().nullable(),
  /** Two decimals, e.g. "10.00"; null for a free event. */
  price: z.string().nullable(),
  image: imageUrl,
});
export type ChurchEvent = z.infer<typeof eventSchema>;
export const eventListSchema = z.array(eventSchema);

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  day: z.string(),
  time: z.string(),
  description: z.string(),
  zoom_link: z.string().nullable(),
  is_active: z.boolean(),
});
export type WeeklyService = z.infer<typeof serviceSchema>;
export const serviceListSchema = z.array(serviceSchema);

export const albumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover_image: imageUrl,
  is_featured: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  /** The album's oldest photo, which opens first in the viewer. */
  first_photo: z.object({ id: z.number().int(), image: z.string() }).nullable(),
  photo_count: z.number().int(),
});
export type Album = z.infer<typeof albumSchema>;
export const albumListSchema = z.array(albumSchema);

export const albumPhotoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  /** The same file as `image`, under the name the staff screens read it by. */
  file: z.string(),
  /** processing until the worker has made its sizes and removed camera data; visitors see only ready photos. */
  status: z.enum(['processing', 'ready', 'failed']),
  thumbnail: z.string().nullable(),
  original_filename: z.string(),
  uploader_name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type AlbumPhoto = z.infer<typeof albumPhotoSchema>;
export const albumPhotoListSchema = z.array(albumPhotoSchema);

export const albumPhotosParamsSchema = z.object({ albumId: integerId });

export const homepageContentSchema = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  heroCta: z.string(),
  welcomeTitle: z.string(),
  welcomeMessage: z.string(),
});
export type HomepageContent = z.infer<typeof homepageContentSchema>;

// ---------------------------------------------------------------------------
// Staff requests: weekly services, sermons and the homepage texts.
// Imported as a namespace so this block stays separate from the other staff requests in this file.

/** The days the service form offers, Sunday first as the church's week starts. */
export const SERVICE_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const LINK_MAX = 500;
const linkTooLong = `Ensure this field has no more than ${LINK_MAX} characters.`;

/** An optional link: absent, null and blank all become null; anything else must be a web address. */
const optionalWebLink = (link: z.ZodType<string, string>) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(LINK_MAX, linkTooLong)
    .nullish()
    .transform((value) => value || null)
    .pipe(link.nullable());

const webAddress = z.httpUrl('Enter a valid URL starting with http:// or https://.');

/** A stored media file as answers give it; every segment starts with a letter, digit, _ or -, so no `..`. */
const MEDIA_PATH = /^\/media\/[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;
const webAddressOrMediaPath = z
  .string()
  .refine(
    (value) => MEDIA_PATH.test(value) || webAddress.safeParse(value).success,
    'Enter a valid URL starting with http:// or https://, or a /media/ path.',
  );

export const serviceRequestSchema = z.object({
  name: requiredText(100),
  day: choice(SERVICE_DAYS),
  /** Free text as the church writes it, e.g. "7:00 PM". */
  time: requiredText(20),
  description: requiredText(1000),
  zoom_link: optionalWebLink(webAddress),
  is_active: z.boolean({ error: 'Must be true or false.' }).default(true),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

export const UNKNOWN_SERIES = 'Select an existing series.';

export const sermonRequestSchema = z.object({
  title: requiredText(200),
  speaker: requiredText(120),
  date: z.iso.date({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? REQUIRED
        : 'Enter a real date as YYYY-MM-DD.',
  }),
  description: optionalText(5000),
  /** Usually a YouTube link, but any web address is kept as given. */
  video_url: optionalWebLink(webAddress),
  thumbnail: optionalWebLink(webAddressOrMediaPath),
  /** Left out, the sermon keeps its series; null takes it out of one. */
  series_id: z
    .number({ error: UNKNOWN_SERIES })
    .int(UNKNOWN_SERIES)
    .min(1, UNKNOWN_SERIES)
    .max(2_147_483_647, UNKNOWN_SERIES)
    .nullable()
    .optional(),
});
export type SermonRequest = z.infer<typeof sermonRequestSchema>;

export const SERMON_SERIES_LIMITS = { title: 200, description: 2000 } as const;
/** Sent as multipart with an optional `artwork` image; without a new image the old one stays. */
export const sermonSeriesFormSchema = z.object({
  title: requiredText(SERMON_SERIES_LIMITS.title),
  description: optionalText(SERMON_SERIES_LIMITS.description),
});
export type SermonSeriesFormInput = z.input<typeof sermonSeriesFormSchema>;
export type SermonSeriesForm = z.output<typeof sermonSeriesFormSchema>;

/** An hour-long sermon is 60 to 120 MB as a podcast MP3 or M4A; this leaves room for a long service. */
export const SERMON_AUDIO_MAX_MB = 200;
export const NOT_SERMON_AUDIO = 'Upload an MP3 or M4A audio file.';

export const homepageContentRequestSchema = z.object({
  heroTitle: requiredText(120),
  heroSubtitle: requiredText(300),
  heroCta: requiredText(40),
  welcomeTitle: requiredText(120),
  welcomeMessage: requiredText(2000),
});
export type HomepageContentRequest = z.infer<typeof homepageContentRequestSchema>;

// Staff forms for events, albums and the gallery. They arrive as multipart, so every value is text;
// the staff pages leave empty fields out, and a blank value sent anyway means the same.

/** Staff pictures (event images, album covers, gallery photos) up to this size; larger ones are refused with 413. */
export const STAFF_IMAGE_MAX_MB = 10;

export const EVENT_LIMITS = {
  title: 200,
  description: 5000,
  location: 200,
  venue_address: 300,
  organizer: 200,
  event_link: 2000,
  button_text: 50,
} as const;
export const ALBUM_LIMITS = { title: 200, description: 2000 } as const;

export const NOT_AN_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
export const END_BEFORE_START = 'The end date must not be before the start date.';
export const UNKNOWN_ALBUM = 'Select an existing album.';
const INVALID_DATE_TIME = 'Enter a valid date and time.';
const INVALID_URL = 'Enter a valid URL.';
const INVALID_INTEGER = 'A valid integer is required.';
const INVALID_NUMBER = 'A valid number is required.';
const NOT_NEGATIVE = 'Ensure this value is greater than or equal to 0.';
const LARGEST_INTEGER = 2_147_483_647;
const PRICE_DIGITS_BEFORE_POINT = 8;

/** Multipart values are text and JSON ones may be numbers: both read as trimmed text, blank as absent. */
const asFormText = (value: unknown) => {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() || undefined;
  return value ?? undefined;
};

/** Optional text kept as null when left empty. */
const nullableText = (max: number) => optionalText(max).transform((value) => value || null);

/** A checkbox: 'true'/'false' from the staff pages, 'on' from a plain form, a boolean from JSON; absent is false. */
const formFlag = z
  .preprocess(
    asFormText,
    z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], { error: 'Must be a valid boolean.' }),
  )
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** One of a fixed list; left empty, the spec's default. */
const choiceOr = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(asFormText, choice(values).optional()).transform((value) => value ?? fallback);

/**
 * A date and time to the minute. With an offset ("...Z", "+01:00") it is that instant; without one (what a
 * date-time input gives) it is a time on the church's clock, which the API reads in the church's time zone.
 */
const dateTimeText = (requiredMessage: string) =>
  z.iso.datetime({
    offset: true,
    local: true,
    error: (issue) => (issue.input === undefined ? requiredMessage : INVALID_DATE_TIME),
  });
const hasOffset = (moment: string) => /(z|[+-]\d\d:?\d\d)$/i.test(moment);

/** An http(s) address, or a path on the church's own site such as "/contact". */
const isLink = (link: string) =>
  /^\/(?![/\\])[^\s\\]*$/.test(link) || z.url({ protocol: /^https?$/ }).safeParse(link).success;

const priceText = z.string({ error: INVALID_NUMBER }).superRefine((price, ctx) => {
  const parts = /^-?(\d+)(?:\.(\d+))?$/.exec(price);
  const problem = !parts
    ? INVALID_NUMBER
    : Number(price) < 0
      ? NOT_NEGATIVE
      : (parts[2]?.length ?? 0) > 2
        ? 'Ensure that there are no more than 2 decimal places.'
        : parts[1]!.replace(/^0+(?=\d)/, '').length > PRICE_DIGITS_BEFORE_POINT
          ? `Ensure that there are no more than ${PRICE_DIGITS_BEFORE_POINT} digits before the decimal point.`
          : undefined;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const wholeNumberText = (message: string, requiredMessage = message) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : message) })
    .regex(/^-?\d+$/, message)
    .transform(Number);

export const eventFormSchema = z
  .object({
    title: requiredText(EVENT_LIMITS.title),
    event_type: choiceOr(EVENT_TYPES, 'special'),
    description: requiredText(EVENT_LIMITS.description),
    date: z.preprocess(asFormText, dateTimeText(REQUIRED)),
    end_date: z.preprocess(asFormText, dateTimeText(INVALID_DATE_TIME).optional()).transform((value) => value ?? null),
    location: requiredText(EVENT_LIMITS.location),
    venue_address: nullableText(EVENT_LIMITS.venue_address),
    organizer: nullableText(EVENT_LIMITS.organizer),
    contact_email: z.preprocess(asFormText, emailField.optional()).transform((value) => value ?? null),
    event_link: z
      .preprocess(
        asFormText,
        z
          .string({ error: INVALID_URL })
          .max(EVENT_LIMITS.event_link, `Ensure this field has no more than ${EVENT_LIMITS.event_link} characters.`)
          .refine(isLink, INVALID_URL)
          .optional(),
      )
      .transform((value) => value ?? null),
    link_type: choiceOr(LINK_TYPES, 'learn_more'),
    button_text: nullableText(EVENT_LIMITS.button_text),
    capacity: z
      .preprocess(
        asFormText,
        wholeNumberText(INVALID_INTEGER)
          .pipe(
            z
              .number()
              .min(0, NOT_NEGATIVE)
              .max(LARGEST_INTEGER, `Ensure this value is less than or equal to ${LARGEST_INTEGER}.`),
          )
          .optional(),
      )
      .transform((value) => value ?? null),
    price: z.preprocess(asFormText, priceText.optional()).transform((value) => value ?? null),
    status: choiceOr(EVENT_STATUSES, 'upcoming'),
    is_featured: formFlag,
    is_special: formFlag,
  })
  // Two clock times, or two instants, compare as they are; a mix needs the church's time zone, so the API checks it.
  .refine(
    ({ date, end_date }) =>
      !end_date || hasOffset(date) !== hasOffset(end_date) || Date.parse(end_date) >= Date.parse(date),
    { message: END_BEFORE_START, path: ['end_date'] },
  );
export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventForm = z.output<typeof eventFormSchema>;

export const albumFormSchema = z.object({
  title: requiredText(ALBUM_LIMITS.title),
  description: optionalText(ALBUM_LIMITS.description),
  is_featured: formFlag,
});
export type AlbumFormInput = z.input<typeof albumFormSchema>;
export type AlbumForm = z.output<typeof albumFormSchema>;

/** One photo added to an album; the staff page sends one call per chosen image. */
export const galleryPhotoFormSchema = z.object({
  album: z.preprocess(
    asFormText,
    wholeNumberText(UNKNOWN_ALBUM, REQUIRED).pipe(z.number().min(1, UNKNOWN_ALBUM).max(LARGEST_INTEGER, UNKNOWN_ALBUM)),
  ),
  title: optionalText(ALBUM_LIMITS.title),
  description: optionalText(ALBUM_LIMITS.description),
});
export type GalleryPhotoFormInput = z.input<typeof galleryPhotoFormSchema>;
export type GalleryPhotoForm = z.output<typeof galleryPhotoFormSchema>;

/** A photo as the gallery upload answers it: `file` is the same media URL as `image`. */

export const contentIdParamsSchema = z.object({ id: integerId });
