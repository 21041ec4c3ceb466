import { z } from 'zod';
import { REQUIRED } from './common.js';
import { giftAidDeclarationSchema } from './gift-aid.js';
import { giftSchema } from './gifts.js';
import { pageOf, pageQuerySchema } from './paging.js';

/** An address the mail server refused for good: no campaign mails it until staff lift the suppression. */
export const suppressionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  reason: z.string(),
  /** The campaign whose delivery was refused; null once that campaign is deleted. */
  campaign_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;
export const suppressionPageSchema = pageOf(suppressionSchema);
export const suppressionQuerySchema = pageQuerySchema;
export const SUPPRESSION_ORDERING = ['created_at', 'email'] as const;

/** `?email=` of the People calls, and the erase call's body. */
export const personQuerySchema = z.object({
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, 'Enter an e-mail address.')
    .max(254, 'Ensure this field has no more than 254 characters.')
    .pipe(z.email('Enter a valid email address.'))
    .transform((value) => value.toLowerCase()),
});
export type PersonQuery = z.infer<typeof personQuerySchema>;

/** Questions and uploads carry a name, not an address: found because the name matches one given with it. */
const matchedByName = z.literal('name');

export const personRecordSchema = z.object({
  email: z.string(),
  /** Every name this address was given with on a form: questions and uploads are matched on these. */
  names: z.array(z.string()),
  contact_submissions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      subject: z.string(),
      message: z.string(),
      created_at: z.string(),
    }),
  ),
  connect_submissions: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      phone: z.string(),
      interests: z.array(z.string()),
      message: z.string(),
      created_at: z.string(),
    }),
  ),
  giving_submissions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      giving_type: z.string(),
      message: z.string(),
      created_at: z.string(),
    }),
  ),
  pledges: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      middle_name: z.string(),
      last_name: z.string(),
      phone: z.string(),
      currency: z.string(),
      total_pledge: z.string(),
      payment_amount: z.string(),
      payment_type: z.string(),
      payment_method: z.string(),
      pay_by_date: z.string(),
      payment_status: z.string(),
      message: z.string(),
      admin_notes: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Building-fund gifts recorded for the address, with or without a pledge. */
  gifts: z.array(giftSchema.omit({ email: true, created_at: true })),
  /** Gift Aid declarations made with the address; one used in a claim survives an erase, without the address. */
  gift_aid_declarations: z.array(giftAidDeclarationSchema.omit({ email: true, created_at: true })),
  newsletter: z.object({ subscribed_at: z.string(), unsubscribed_at: z.string().nullable() }).nullable(),
  /** status: pending until the address's owner confirmed from the mail sent to it (confirmed_at), then confirmed. */
  consents: z.array(
    z.object({
      id: z.number().int(),
      source: z.string(),
      given_at: z.string(),
      status: z.enum(['pending', 'confirmed']),
      confirmed_at: z.string().nullable(),
      withdrawn_at: z.string().nullable(),
    }),
  ),
  suppressions: z.array(suppressionSchema),
  deliveries: z.array(
    z.object({
      id: z.number().int(),
      campaign_id: z.number().int(),
      subject: z.string(),
      status: z.string(),
      sent_at: z.string().nullable(),
      failure_reason: z.string().nullable(),
    }),
  ),
  /** When the giving receipt and pledge confirmation last went to the address (one an hour at most). */
  receipts: z.array(z.object({ kind: z.string(), sent_at: z.string() })),
  /** Sign-ups to events, with the answers given to the event's questions. */
  registrations: z.array(
    z.object({
      id: z.number().int(),
      event_id: z.number().int(),
      event_title: z.string(),
      name: z.string(),
      party: z.number().int(),
      answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
      status: z.string(),
      checked_in_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.number().int(),
      session_title: z.string(),
      name: z.string(),
      text: z.string(),
      status: z.string(),
      created_at: z.string(),
      matched_by: matchedByName,
    }),
  ),
  /** Prayer requests sent with the address (to hear back), with what the wall showed and the team's notes. */
  prayer_requests: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      name: z.string(),
      visibility: z.string(),
      hear_back: z.boolean(),
      wall_text: z.string().nullable(),
      notes: z.string(),
      created_at: z.string(),
    }),
  ),
  uploads: z.array(
    z.object({
      id: z.number().int(),
      collection_name: z.string(),
      uploader_name: z.string(),
      original_filename: z.string(),
      file_type: z.string(),
      uploaded_at: z.string(),
      matched_by: matchedByName,
    }),
  ),
});
export type PersonRecord = z.infer<typeof personRecordSchema>;

/** The subject access request download: everything, with when it was made. */
export const personExportSchema = personRecordSchema.extend({ exported_at: z.string() });
export type PersonExport = z.infer<typeof personExportSchema>;

/** What an erase did: counts removed or anonymised, and what the law makes the church keep, with why. */
export const personErasedSchema = z.object({
  email: z.string(),
  removed: z.record(z.string(), z.number().int()),
  anonymised: z.record(z.string(), z.number().int()),
  kept: z.array(z.object({ what: z.string(), count: z.number().int(), why: z.string() })),
  message: z.string(),
});
export type PersonErased = z.infer<typeof personErasedSchema>;
