import { z } from 'zod';

/** Staff switch a pledge's pay-by reminders on or off. */
export const pledgeRemindersSchema = z.object({
  enabled: z.boolean({ error: 'Must be true or false.' }),
});
export type PledgeReminders = z.infer<typeof pledgeRemindersSchema>;

/**
 * A UK tax year as staff write it, "2025–26" (en dash) or "2025-26": 6 April 2025 to 5 April 2026.
 * Answers its first and last day.
 */
export const taxYearSchema = z
  .string({ error: 'Choose a tax year such as 2025–26.' })
  .trim()
  .regex(/^\d{4}[–-]\d{2}$/, 'Choose a tax year such as 2025–26.')
  .refine(
    (year) => (Number(year.slice(0, 4)) + 1) % 100 === Number(year.slice(5)),
    'The years must follow each other, as in 2025–26.',
  )
  .transform((year) => {
    const start = Number(year.slice(0, 4));
    return { label: `${start}–${String(start + 1).slice(2)}`, from: `${start}-04-06`, to: `${start + 1}-04-05` };
  });
export type TaxYear = z.output<typeof taxYearSchema>;

export const taxYearStatementsSchema = z.object({ tax_year: taxYearSchema });

/** The campaign that carries a tax year's statements, one personal statement per donor. */
export const taxYearStatementsAnswerSchema = z.object({
  campaign_id: z.number().int().nullable(),
  recipients: z.number().int(),
  message: z.string(),
});
export type TaxYearStatementsAnswer = z.infer<typeof taxYearStatementsAnswerSchema>;

/** The link in a reminder: the pledge and its signature. */
export const remindersOffQuerySchema = z.object({
  pledge: z.coerce.number({ error: 'Required.' }).int().positive().max(2_147_483_647),
  token: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(100),
});
export type RemindersOffQuery = z.infer<typeof remindersOffQuerySchema>;
