import { z } from 'zod';
import { choice, emailField, optionalText, REQUIRED, requiredText } from './common.js';
import { asFormText, formFlag, imageUrl, LARGEST_INTEGER, wholeNumberText } from './content-fields.js';
import { DEFAULT_BUTTON_TEXT } from './defaults.js';

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

// The staff form for events, sent as multipart (see content-fields.ts).

export const EVENT_LIMITS = {
  title: 200,
  description: 5000,
  location: 200,
  venue_address: 300,
  organizer: 200,
  event_link: 2000,
  button_text: 50,
} as const;

export const END_BEFORE_START = 'The end date must not be before the start date.';
const INVALID_DATE_TIME = 'Enter a valid date and time.';
const INVALID_URL = 'Enter a valid URL.';
const INVALID_INTEGER = 'A valid integer is required.';
const INVALID_NUMBER = 'A valid number is required.';
const NOT_NEGATIVE = 'Ensure this value is greater than or equal to 0.';
const PRICE_DIGITS_BEFORE_POINT = 8;

/** Optional text kept as null when left empty. */
const nullableText = (max: number) => optionalText(max).transform((value) => value || null);

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
