import { z } from 'zod';
import { REQUIRED, cutShort, integerId, optionalText } from './common.js';
import { pageOf } from './paging.js';

export const RECIPIENT_SOURCES = ['contact', 'connect', 'building_fund', 'giving', 'newsletter', 'custom'] as const;
export const recipientSourceSchema = z.enum(RECIPIENT_SOURCES);

/** One row per address, whichever forms it came through. */
export const recipientSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** The first of `sources`, for screens that show one. */
  source: recipientSourceSchema,
  sources: z.array(recipientSourceSchema),
  /** The address left the newsletter; bulk mail skips it. */
  unsubscribed: z.boolean(),
  /** The address agreed to receive the newsletter (and has not withdrawn): only these get a newsletter campaign. */
  consent: z.boolean(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientListSchema = z.object({ recipients: z.array(recipientSchema) });

export const customSenderSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type CustomSender = z.infer<typeof customSenderSchema>;
export const customSenderListSchema = z.object({ custom_senders: z.array(customSenderSchema) });

/** Bulk mail limits: one campaign, one message. */
export const EMAIL_LIMITS = {
  recipients: 20_000,
  subject: 200,
  /** Content in UTF-8 bytes (100 KB). */
  contentBytes: 100 * 1024,
  name: 200,
  /** Invalid addresses named in one error message; the rest are counted. */
  invalidListed: 20,
} as const;

export const EMAIL_MESSAGES = {
  subjectAndContent: 'Please fill in both subject and content',
  noRecipients: 'Please select at least one recipient',
  invalidEmail: 'Please enter a valid email address',
  customEmailRequired: 'Please enter a custom email address',
  tooManyRecipients: `A message can go to at most ${EMAIL_LIMITS.recipients.toLocaleString('en-GB')} recipients.`,
  subjectTooLong: `Ensure the subject has no more than ${EMAIL_LIMITS.subject} characters.`,
  contentTooLarge: 'Ensure the content is no larger than 100 KB.',
  senderDomain: (domain: string) => `Email must be from @${domain} domain`,
} as const;

/** The same pattern as every other e-mail field (zod's), so an address taken by a form can be mailed. */
const EMAIL_PATTERN = z.regexes.email;
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

const subjectOrContent = z
  .string({ error: EMAIL_MESSAGES.subjectAndContent })
  .trim()
  .min(1, EMAIL_MESSAGES.subjectAndContent);

export const campaignRecipientSchema = z.object({
  email: z.string({ error: EMAIL_MESSAGES.invalidEmail }).trim(),
  name: optionalText(EMAIL_LIMITS.name),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

/** Names the invalid addresses, so a long pasted list can be corrected in one go. */
function invalidAddressesMessage(invalid: string[]): string {
  const named = invalid.slice(0, EMAIL_LIMITS.invalidListed).map((email) => cutShort(email) || '(empty)');
  const more = invalid.length - named.length;
  return `${EMAIL_MESSAGES.invalidEmail}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * A newsletter goes only to addresses that agreed to it (PECR); a service message goes to people
 * about something they asked for (their pledge, an event they booked) and carries no marketing.
 */
export const CAMPAIGN_KINDS = ['newsletter', 'service'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export const campaignKindSchema = z.enum(CAMPAIGN_KINDS, { error: 'Must be "newsletter" or "service".' });

/**
 * What the send-email form posts. The sender must be in the church's own domain, which the
 * server's settings name, hence a schema per domain. `from_email`/`from_name` left empty mean the
 * church's default sender. In the content, `{name}` becomes each recipient's name; without it
 * the message opens with "Dear {name},".
 */
export const emailSendSchema = (domain: string) =>
  z.object({
    recipients: z
      .array(campaignRecipientSchema, {
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? EMAIL_MESSAGES.noRecipients
            : 'Must be a list of recipients.',
      })
      .min(1, EMAIL_MESSAGES.noRecipients)
      .max(EMAIL_LIMITS.recipients, EMAIL_MESSAGES.tooManyRecipients)
      .superRefine((recipients, ctx) => {
        const invalid = recipients.filter((recipient) => !EMAIL_PATTERN.test(recipient.email));
        if (invalid.length) {
          ctx.addIssue({ code: 'custom', message: invalidAddressesMessage(invalid.map((r) => r.email)) });
        }
      }),
    subject: subjectOrContent.max(EMAIL_LIMITS.subject, EMAIL_MESSAGES.subjectTooLong),
    content: subjectOrContent.refine(
      (content) => utf8Bytes(content) <= EMAIL_LIMITS.contentBytes,
      EMAIL_MESSAGES.contentTooLarge,
    ),
    from_email: z
      .string({ error: EMAIL_MESSAGES.invalidEmail })
      .trim()
      .toLowerCase()
      .nullish()
      .transform((email) => email || undefined)
      .pipe(
        z
          .string()
          .regex(EMAIL_PATTERN, { error: EMAIL_MESSAGES.invalidEmail, abort: true })
          .refine((email) => email.endsWith(`@${domain}`), EMAIL_MESSAGES.senderDomain(domain))
          .optional(),
      ),
    from_name: optionalText(EMAIL_LIMITS.name),
    /** Added to the spec's call: a newsletter when omitted. */
    kind: campaignKindSchema.default('newsletter'),
  });
export type EmailSend = z.infer<ReturnType<typeof emailSendSchema>>;

/**
 * The life of a campaign: a draft is edited (saved as staff type); scheduled waits for its time;
 * sending and paused have deliveries waiting; sent, sent_with_failures and cancelled are final.
 */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'sent_with_failures',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A draft as the editor saves it (`POST /api/admin/email/campaigns/`, `PATCH .../{id}/`): every
 * field may still be empty or incomplete; the send rules (emailSendSchema) apply when it is
 * scheduled or sent. Sizes are bounded as for a send.
 */
export const campaignDraftSchema = (domain: string) =>
  emailSendSchema(domain)
    .extend({
      recipients: z
        .array(campaignRecipientSchema, { error: 'Must be a list of recipients.' })
        .max(EMAIL_LIMITS.recipients, EMAIL_MESSAGES.tooManyRecipients),
      subject: z.string({ error: 'Must be text.' }).max(EMAIL_LIMITS.subject, EMAIL_MESSAGES.subjectTooLong),
      content: z
        .string({ error: 'Must be text.' })
        .refine((content) => utf8Bytes(content) <= EMAIL_LIMITS.contentBytes, EMAIL_MESSAGES.contentTooLarge),
      kind: campaignKindSchema,
    })
    .partial();
export type CampaignDraft = z.infer<ReturnType<typeof campaignDraftSchema>>;

/** `POST .../{id}/schedule/`: an instant with its offset (the console sends the church's local time, Europe/London). */
export const campaignScheduleSchema = z.object({
  send_at: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }),
});
export type CampaignSchedule = z.infer<typeof campaignScheduleSchema>;

export const TEST_SEND_LIMIT = 5;
/** `POST .../{id}/test/`: the message as recipients will get it, to a few staff addresses; not a send of the campaign. */
export const campaignTestSchema = z.object({
  emails: z
    .array(z.string().trim().regex(EMAIL_PATTERN, EMAIL_MESSAGES.invalidEmail), {
      error: 'Must be a list of e-mail addresses.',
    })
    .min(1, 'Enter at least one address for the test.')
    .max(TEST_SEND_LIMIT, `A test goes to at most ${TEST_SEND_LIMIT} addresses.`),
});
export type CampaignTest = z.infer<typeof campaignTestSchema>;

/** `GET .../{id}/preview/`: exactly what a recipient gets, for the first recipient (or a sample name). */
export const campaignPreviewSchema = z.object({
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  html: z.string(),
  text: z.string(),
  /** List-Unsubscribe and the other headers a recipient's mail program reads. */
  headers: z.record(z.string(), z.string()),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const emailSendAnswerSchema = z.object({
  id: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  total: z.number().int(),
});
export type EmailSendAnswer = z.infer<typeof emailSendAnswerSchema>;

/** A campaign with how its deliveries stand; `pending` counts those being sent right now too. */
export const campaignSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  from_email: z.string(),
  from_name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  kind: z.enum(CAMPAIGN_KINDS),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** When a scheduled campaign starts (or a started one was due). */
  scheduled_at: z.string().nullable(),
  /** Why the campaign paused itself (most recent deliveries failed); null when staff paused it or it is not paused. */
  paused_reason: z.string().nullable(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const failedDeliverySchema = z.object({
  email: z.string(),
  name: z.string(),
  failure_reason: z.string(),
  attempts: z.number().int(),
});
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;

export const campaignDetailSchema = campaignSchema.extend({
  content: z.string(),
  /** A draft's recipients as saved; once scheduled or sent, those it was created for. */
  recipients: z.array(campaignRecipientSchema),
  failed_deliveries: z.array(failedDeliverySchema),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignPageSchema = pageOf(campaignSchema);
export const CAMPAIGN_ORDERING = ['created_at', 'subject', 'status', 'total'] as const;

/** The link in every newsletter mail; a forged or mistyped token is refused. */
export const unsubscribeQuerySchema = z.object({
  email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254),
  token: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** The link in the mail that asks someone to confirm their newsletter consent (double opt-in). */
export const confirmConsentQuerySchema = z.object({
  consent: integerId,
  token: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
});
export type ConfirmConsentQuery = z.infer<typeof confirmConsentQuerySchema>;
