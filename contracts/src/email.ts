import { z } from 'zod';

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
