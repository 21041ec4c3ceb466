import { z } from 'zod';
import { emailField, REQUIRED, requiredText } from './common.js';

/** Messages of the settings form that no shared helper words. */
export const SETTINGS_MESSAGES = {
  sortCode: 'Enter the sort code as six digits in pairs, e.g. 20-00-00.',
  accountNumber: 'Enter the account number as 8 digits.',
  phone: 'Enter a phone number: digits, spaces, + ( ) and - only.',
  timeZone: 'Enter a time zone such as Europe/London.',
  url: 'Enter a full web address starting with https:// or http://.',
  senderDomain: (domain: string) => `The sender must be an address @${domain}.`,
  latitude: 'Enter a latitude between -90 and 90.',
  longitude: 'Enter a longitude between -180 and 180.',
  mapBoth: 'Give both the latitude and the longitude, or neither.',
  tooManyTimes: 'List no more than 8 service times.',
  prayerArchiveDays: 'Enter a whole number of days from 7 to 3650.',
} as const;

/** How long a prayer request stays before it is archived: 60 days unless the church says otherwise. */
export const PRAYER_ARCHIVE_DAYS = { default: 60, min: 7, max: 3650 } as const;

export const SERVICE_TIMES_MAX = 8;

/** The church's details as staff edit them in Settings; every public page, feed and e-mail reads them. */
export const churchSettingsSchema = z.object({
  church_name: z.string(),
  church_address: z.string(),
  map_latitude: z.number().nullable(),
  map_longitude: z.number().nullable(),
  church_phone: z.string(),
  church_contact_email: z.string(),
  time_zone: z.string(),
  service_times: z.array(z.string()),
  live_stream_url: z.string(),
  online_giving_url: z.string(),
  bank_account_name: z.string(),
  bank_name: z.string(),
  bank_sort_code: z.string(),
  bank_account_number: z.string(),
  facebook_url: z.string().nullable(),
  instagram_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  email_from_name: z.string(),
  email_from_address: z.string(),
  church_notify_email: z.string(),
  podcast_owner_email: z.string(),
  /** Where news of a prayer request goes; null: the office notification address. */
  pastoral_email: z.string().nullable(),
  /** Prayer requests older than this are archived and leave the wall. */
  prayer_archive_days: z.number().int(),
});
export type ChurchSettings = z.infer<typeof churchSettingsSchema>;

const webAddress = requiredText(500).pipe(
  z.url({ protocol: /^https?$/, error: SETTINGS_MESSAGES.url }).refine((url) => !/\s/.test(url), SETTINGS_MESSAGES.url),
);
const optionalWebAddress = z
  .string({ error: 'Must be text.' })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(
    z
      .url({ protocol: /^https?$/, error: SETTINGS_MESSAGES.url })
      .max(500)
      .nullable(),
  );
const coordinate = (limit: number, message: string) =>
  z
    .number({ error: message })
    .min(-limit, message)
    .max(limit, message)
    .nullish()
    .transform((value) => value ?? null);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What Settings saves: every field, checked one by one; the sender must be in the church's own mail domain. */
export const churchSettingsRequestSchema = (domain: string) =>
  z
    .object({
      church_name: requiredText(120),
      church_address: requiredText(300),
      map_latitude: coordinate(90, SETTINGS_MESSAGES.latitude),
      map_longitude: coordinate(180, SETTINGS_MESSAGES.longitude),
      church_phone: requiredText(40).pipe(z.string().regex(/^\+?[\d\s()-]{6,}$/, SETTINGS_MESSAGES.phone)),
      church_contact_email: emailField,
      time_zone: requiredText(64).refine(isTimeZone, SETTINGS_MESSAGES.timeZone),
      service_times: z
        .array(requiredText(100), { error: (issue) => (issue.input == null ? REQUIRED : 'Must be a list of lines.') })
        .max(SERVICE_TIMES_MAX, SETTINGS_MESSAGES.tooManyTimes),
      live_stream_url: webAddress,
      online_giving_url: webAddress,
      bank_account_name: requiredText(100),
      bank_name: requiredText(100),
      bank_sort_code: requiredText(20).pipe(z.string().regex(/^\d{2}-\d{2}-\d{2}$/, SETTINGS_MESSAGES.sortCode)),
      bank_account_number: requiredText(20).pipe(z.string().regex(/^\d{8}$/, SETTINGS_MESSAGES.accountNumber)),
      facebook_url: optionalWebAddress,
      instagram_url: optionalWebAddress,
      youtube_url: optionalWebAddress,
      email_from_name: requiredText(100),
      email_from_address: emailField.refine(
        (email) => email.endsWith(`@${domain}`),
        SETTINGS_MESSAGES.senderDomain(domain),
      ),
      church_notify_email: emailField,
      podcast_owner_email: emailField,
      pastoral_email: z
        .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), emailField.nullish())
        .transform((value) => value ?? null),
      prayer_archive_days: z
        .number({ error: SETTINGS_MESSAGES.prayerArchiveDays })
        .int(SETTINGS_MESSAGES.prayerArchiveDays)
        .min(PRAYER_ARCHIVE_DAYS.min, SETTINGS_MESSAGES.prayerArchiveDays)
        .max(PRAYER_ARCHIVE_DAYS.max, SETTINGS_MESSAGES.prayerArchiveDays)
        .default(PRAYER_ARCHIVE_DAYS.default),
    })
    .superRefine((settings, ctx) => {
      if ((settings.map_latitude === null) !== (settings.map_longitude === null)) {
        const missing = settings.map_latitude === null ? 'map_latitude' : 'map_longitude';
        ctx.addIssue({ code: 'custom', path: [missing], message: SETTINGS_MESSAGES.mapBoth });
      }
    });

/** Who the test e-mail goes to: never a typed address, only the staff member's own or the church's. */
export const TEST_EMAIL_RECIPIENTS = ['me', 'contact', 'notify'] as const;
export const testEmailRequestSchema = z.object({
  to: z.enum(TEST_EMAIL_RECIPIENTS, {
    error: `Choose who receives the test e-mail: ${TEST_EMAIL_RECIPIENTS.join(', ')}.`,
  }),
});
export type TestEmailRequest = z.infer<typeof testEmailRequestSchema>;

/** The mail server's own answer to the test e-mail, in its words. */
export const testEmailAnswerSchema = z.object({
  ok: z.boolean(),
  to: z.string(),
  server_reply: z.string(),
});
export type TestEmailAnswer = z.infer<typeof testEmailAnswerSchema>;

export const FIRST_RUN_STEPS = [
  'church_details',
  'bank_details',
  'test_email',
  'demo_content_removed',
  'staff_account_added',
  'public_url',
] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** What a new church must still do, each step ticked by the data itself. */
export const firstRunChecklistSchema = z.object({
  steps: z.array(z.object({ step: z.enum(FIRST_RUN_STEPS), done: z.boolean() })),
  complete: z.boolean(),
});
export type FirstRunChecklist = z.infer<typeof firstRunChecklistSchema>;

export const removeDemoContentRequestSchema = z.object({
  confirm: z.literal(true, { error: 'Confirm that every demo item should be removed.' }),
});
export const removedDemoContentSchema = z.object({ removed: z.number().int() });
