import { z } from 'zod';
import {
  choice,
  emailField,
  newsletterConsentField,
  optionalText,
  quoteSent,
  requiredText,
  spamCheckFields,
} from './common.js';
import { giftAidCheck, giftAidFields } from './gift-aid.js';
import { booleanFlag, pageOf, pageQuerySchema } from './paging.js';
import { GIVING_TYPES, CONNECT_INTERESTS } from './forms-values.js';
export * from './forms-values.js';

/** Limits shared by every visitor form, so the browser and the API refuse the same input. */
export const FORM_LIMITS = { name: 100, email: 254, phone: 30, subject: 200, message: 5000 } as const;

export const newsletterSubscriptionSchema = z.object({ email: emailField, ...spamCheckFields });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

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

export type ConnectInterest = (typeof CONNECT_INTERESTS)[number];

const isConnectInterest = (value: string): value is ConnectInterest =>
  (CONNECT_INTERESTS as readonly string[]).includes(value);

/** Far more than the form offers (repeats are merged), few enough that a refusal names each unknown one briefly. */
const MOST_INTERESTS = 20;

/** Unknown interests are named under `interests` itself, not under an index the form cannot show. */
const interestsField = z
  .array(z.string({ error: 'Each interest must be text.' }), { error: 'Must be a list of interests.' })
  .max(MOST_INTERESTS, `Choose no more than ${MOST_INTERESTS} interests.`)
  .nullish()
  .transform((interests, ctx) => {
    const unknown = (interests ?? []).filter((interest) => !isConnectInterest(interest));
    for (const interest of unknown) {
      ctx.addIssue({
        code: 'custom',
        message: `${quoteSent(interest)} is not a valid choice. Choose any of: ${CONNECT_INTERESTS.join(', ')}.`,
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
