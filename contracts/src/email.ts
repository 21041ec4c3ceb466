import { z } from 'zod';
import { REQUIRED, optionalText } from './common.js';
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
  const named = invalid.slice(0, EMAIL_LIMITS.invalidListed).map((email) => email || '(empty)');
  const more = invalid.length - named.length;
  return `${EMAIL_MESSAGES.invalidEmail}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

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
  });
export type EmailSend = z.infer<ReturnType<typeof emailSendSchema>>;

export const CAMPAIGN_STATUSES = ['sending', 'sent', 'sent_with_failures', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

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
