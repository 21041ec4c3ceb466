import { z } from 'zod';
import { choice, emailField, newsletterConsentField, optionalText, requiredText, spamCheckFields } from './common.js';
import { giftAidCheck, giftAidFields } from './gift-aid.js';
import { booleanFlag, pageOf, pageQuerySchema } from './paging.js';

/** Limits shared by every visitor form, so the browser and the API refuse the same input. */
export const FORM_LIMITS = { name: 100, email: 254, phone: 30, subject: 200, message: 5000 } as const;

/** The thanks each form answers with; the pages show the same words when the answer has none. */
export const FORM_THANKS = {
  newsletter: 'Successfully subscribed to newsletter!',
  giving: 'Thank you for your generous gift! A receipt has been sent to your email.',
  connect: "Thank you for connecting with us! We'll be in touch soon.",
  contact: "Thank you for contacting us! We'll respond to your message soon.",
} as const;

export const newsletterSubscriptionSchema = z.object({ email: emailField, ...spamCheckFields });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

export const GIVING_TYPES = ['tithe', 'offering', 'missions', 'building', 'special', 'other'] as const;
export type GivingType = (typeof GIVING_TYPES)[number];

export const givingNotificationSchema = z
  .object({
    name: requiredText(FORM_LIMITS.name),
    email: emailField,
    phone: optionalText(FORM_LIMITS.phone),
    giving_type: choice(GIVING_TYPES).default('offering'),
    message: optionalText(FORM_LIMITS.message),
    newsletter_consent: newsletterConsentField,
    ...giftAidFields,
    ...spamCheckFields,
  })
  .superRefine(...giftAidCheck);
export type GivingNotification = z.infer<typeof givingNotificationSchema>;

export const CONNECT_INTERESTS = ["I'm new here", 'Becoming a member', 'Volunteering', 'Prayer request'] as const;
export type ConnectInterest = (typeof CONNECT_INTERESTS)[number];

const isConnectInterest = (value: string): value is ConnectInterest =>
  (CONNECT_INTERESTS as readonly string[]).includes(value);

/** Unknown interests are named under `interests` itself, not under an index the form cannot show. */
const interestsField = z
  .array(z.string({ error: 'Each interest must be text.' }), { error: 'Must be a list of interests.' })
  .nullish()
  .transform((interests, ctx) => {
    const unknown = (interests ?? []).filter((interest) => !isConnectInterest(interest));
    for (const interest of unknown) {
      ctx.addIssue({
        code: 'custom',
        message: `"${interest}" is not a valid choice. Choose any of: ${CONNECT_INTERESTS.join(', ')}.`,
      });
    }
    return [...new Set((interests ?? []).filter(isConnectInterest))];
  });

export const connectFormSchema = z.object({
  first_name: requiredText(FORM_LIMITS.name),
  last_name: requiredText(FORM_LIMITS.name),
  email: emailField,
  phone: optionalText(FORM_LIMITS.phone),
  interests: interestsField,
  message: optionalText(FORM_LIMITS.message),
  newsletter_consent: newsletterConsentField,
  ...spamCheckFields,
});
export type ConnectForm = z.infer<typeof connectFormSchema>;

/** The contact screen sends no phone, but the inbox shows one when a caller gives it. */
export const contactFormSchema = z.object({
  name: requiredText(FORM_LIMITS.name),
  email: emailField,
  phone: optionalText(FORM_LIMITS.phone),
  subject: requiredText(FORM_LIMITS.subject),
  message: requiredText(FORM_LIMITS.message),
  newsletter_consent: newsletterConsentField,
  ...spamCheckFields,
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** A contact message as the staff inbox lists it. */
export const contactSubmissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

export const connectSubmissionSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  interests: z.array(z.string()),
  message: z.string(),
  is_processed: z.boolean(),
  created_at: z.string(),
});
export type ConnectSubmission = z.infer<typeof connectSubmissionSchema>;

export const givingSubmissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  giving_type: z.enum(GIVING_TYPES),
  message: z.string(),
  created_at: z.string(),
});
export type GivingSubmission = z.infer<typeof givingSubmissionSchema>;

/** The columns each inbox table can be sorted by (`-name` sorts descending). */
export const CONTACT_ORDERING = ['created_at', 'name', 'email', 'subject', 'is_read'] as const;
export const CONNECT_ORDERING = ['created_at', 'first_name', 'last_name', 'email', 'is_processed'] as const;
export const GIVING_ORDERING = ['created_at', 'name', 'email', 'giving_type'] as const;

export const contactSubmissionQuerySchema = pageQuerySchema.extend({ is_read: booleanFlag.optional() });
export type ContactSubmissionQuery = z.infer<typeof contactSubmissionQuerySchema>;
export const connectSubmissionQuerySchema = pageQuerySchema.extend({ is_processed: booleanFlag.optional() });
export type ConnectSubmissionQuery = z.infer<typeof connectSubmissionQuerySchema>;
export const givingSubmissionQuerySchema = pageQuerySchema.extend({ giving_type: choice(GIVING_TYPES).optional() });
export type GivingSubmissionQuery = z.infer<typeof givingSubmissionQuerySchema>;

export const contactSubmissionPageSchema = pageOf(contactSubmissionSchema);
export const connectSubmissionPageSchema = pageOf(connectSubmissionSchema);
export const givingSubmissionPageSchema = pageOf(givingSubmissionSchema);
