import { z } from 'zod';
import { REQUIRED, choice, optionalText, requiredText } from './common.js';
import { FORM_LIMITS } from './forms.js';
import { CURRENCIES, MAX_PLEDGE, PLEDGE_MESSAGES, staffPledgeSchema, moneyField } from './pledges.js';

/** How a gift reached the church. */
export const GIFT_METHODS = ['bank_transfer', 'standing_order', 'card', 'cash', 'cheque', 'online'] as const;
export type GiftMethod = (typeof GIFT_METHODS)[number];

export const GIFT_METHOD_LABELS: Record<GiftMethod, string> = {
  bank_transfer: 'Bank transfer',
  standing_order: 'Standing order',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
  online: 'Online',
};

export const GIFT_MESSAGES = {
  futureDate: 'The date received cannot be in the future.',
} as const;

export const GIFT_REFERENCE_MAX = 100;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/** A penny is the least a gift can be. */
const giftAmount = moneyField({ min: 0.01, max: MAX_PLEDGE });

const receivedOn = (today: () => string) =>
  z.iso
    .date({ abort: true, error: (issue) => (isAbsent(issue.input) ? REQUIRED : PLEDGE_MESSAGES.invalidDate) })
    .refine((day) => day <= today(), GIFT_MESSAGES.futureDate);

const giftFields = (today: () => string) => ({
  amount: giftAmount,
  received_on: receivedOn(today),
  method: choice(GIFT_METHODS),
  reference: optionalText(GIFT_REFERENCE_MAX),
});

/** A gift received on a pledge: its currency and donor are the pledge's. "Today" is the church's day. */
export const giftRequestSchema = ({ today }: { today: () => string }) => z.object(giftFields(today));
export type GiftRequest = z.infer<ReturnType<typeof giftRequestSchema>>;

const optionalEmail = z
  .string({ error: 'Must be text.' })
  .trim()
  .max(254, 'Ensure this field has no more than 254 characters.')
  .nullish()
  .transform((value) => (value ?? '').toLowerCase())
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address.');

/** A one-off gift to the fund, with no pledge: the donor is named on the gift itself. */
export const oneOffGiftRequestSchema = ({ today }: { today: () => string }) =>
  z.object({
    ...giftFields(today),
    first_name: requiredText(FORM_LIMITS.name),
    last_name: requiredText(FORM_LIMITS.name),
    email: optionalEmail,
    currency: choice(CURRENCIES).default('GBP'),
  });
export type OneOffGiftRequest = z.infer<ReturnType<typeof oneOffGiftRequestSchema>>;

export const giftSchema = z.object({
  id: z.number().int(),
  /** Null for a one-off gift, or once its pledge was deleted. */
  pledge_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  received_on: z.string(),
  method: z.enum(GIFT_METHODS),
  reference: z.string(),
  created_at: z.string(),
});
export type Gift = z.infer<typeof giftSchema>;
export const giftListSchema = z.object({ results: z.array(giftSchema) });
export type GiftList = z.infer<typeof giftListSchema>;

/** A pledge's gifts with the pledge as they leave it (paid and remaining from the gifts). */
export const pledgeGiftsSchema = z.object({ pledge: staffPledgeSchema, results: z.array(giftSchema) });
export type PledgeGifts = z.infer<typeof pledgeGiftsSchema>;

/** The fund's progress in one currency, as exact decimal text. */
export const fundProgressLineSchema = z.object({
  currency: z.enum(CURRENCIES),
  goal: z.string(),
  received: z.string(),
  pledged: z.string(),
});
export type FundProgressLine = z.infer<typeof fundProgressLineSchema>;

/** `visible` false (and no lines) when staff keep the progress private: the page then shows no bar. */
export const fundProgressSchema = z.object({
  visible: z.boolean(),
  currencies: z.array(fundProgressLineSchema),
});
export type FundProgress = z.infer<typeof fundProgressSchema>;

const goalField = z.preprocess(
  (value) => (value === '' ? null : value),
  moneyField({ min: 1, max: MAX_PLEDGE }).nullable(),
);

/** The fund's goal per currency (null: no goal, no bar in that currency) and whether the public sees progress. */
export const fundSettingsSchema = z.object({
  show_progress: z.boolean({
    error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Must be true or false.'),
  }),
  goals: z.object(
    Object.fromEntries(CURRENCIES.map((currency) => [currency, goalField.optional()])) as Record<
      (typeof CURRENCIES)[number],
      z.ZodOptional<typeof goalField>
    >,
    { error: (issue) => (issue.input === undefined ? REQUIRED : 'Must be an object of goals per currency.') },
  ),
});
export type FundSettingsRequest = z.infer<typeof fundSettingsSchema>;

export const fundSettingsAnswerSchema = z.object({
  show_progress: z.boolean(),
  goals: z.object({ GBP: z.string().nullable(), USD: z.string().nullable() }),
});
export type FundSettings = z.infer<typeof fundSettingsAnswerSchema>;
