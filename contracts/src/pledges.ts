import { z } from 'zod';
import {
  REQUIRED,
  choice,
  emailField,
  newsletterConsentField,
  optionalText,
  requiredText,
  spamCheckFields,
} from './common.js';
import { FORM_LIMITS } from './forms.js';
import { giftAidCheck, giftAidFields } from './gift-aid.js';
import { booleanFlag, pageOf, pageQuerySchema } from './paging.js';
import { CURRENCIES, PAYMENT_METHODS, MIN_PLEDGE, toPennies, formatPennies } from './pledges-values.js';
export * from './pledges-values.js';

export const PAYMENT_TYPES = ['full', 'partial'] as const;
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'completed'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Far above any real gift; stops typos such as an extra row of zeros. */
export const MAX_PLEDGE = 10_000_000;

export const PLEDGE_MESSAGES = {
  invalidNumber: 'A valid number is required.',
  decimals: 'Ensure that there are no more than 2 decimal places.',
  invalidDate: 'Enter a valid date in the format YYYY-MM-DD.',
  pastDate: 'Pay-by date cannot be in the past.',
  amountAboveTotal: 'Amount to pay now cannot be more than the total pledge.',
  fullAmountMismatch: 'For a full payment, the amount to pay now must equal the total pledge.',
} as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * An amount typed in a form (number or numeric text) as a canonical "1234.50".
 * Number inputs arrive as text from the browser and as numbers from other callers; both are judged alike.
 */
export const moneyField = ({ min, max }: { min: number; max: number }) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : PLEDGE_MESSAGES.invalidNumber),
    })
    .transform((input, ctx) => {
      const text = typeof input === 'number' ? String(input) : input.trim();
      const value = typeof input === 'number' ? input : Number(text);
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (text === '') return fail(REQUIRED);
      if (!Number.isFinite(value) || (typeof input === 'string' && !DECIMAL.test(text))) {
        return fail(PLEDGE_MESSAGES.invalidNumber);
      }
      if (value < min) return fail(`Ensure this value is greater than or equal to ${min}.`);
      if (value > max) return fail(`Ensure this value is less than or equal to ${max}.`);
      // In range, a number prints without an exponent, so its text shows its real decimals.
      const [whole = '0', fraction = ''] = text.split('.');
      if (fraction.length > 2) return fail(PLEDGE_MESSAGES.decimals);
      return formatPennies(toPennies(`${whole}.${fraction}`));
    });

const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

const pledgeAmount = moneyField({ min: MIN_PLEDGE, max: MAX_PLEDGE });

/** The browser clears the amount when "full" is chosen, so an empty amount means none given. */
const amountToPayNow = z.preprocess((value) => (isAbsent(value) ? undefined : value), pledgeAmount.optional());

const payByDate = (today: () => string) =>
  z.iso
    .date({ abort: true, error: (issue) => (isAbsent(issue.input) ? REQUIRED : PLEDGE_MESSAGES.invalidDate) })
    .refine((day) => day >= today(), PLEDGE_MESSAGES.pastDate);

/** The amount rules need a valid total, type and amount; other fields' mistakes must not hide them. */
const AMOUNT_FIELDS: readonly PropertyKey[] = ['total_pledge', 'payment_type', 'payment_amount'];

/** A full payment pays the whole total now; a partial one names its amount, up to the total. */
function amountProblem(pledge: { payment_type: PaymentType; total_pledge: string; payment_amount?: string }) {
  const amount = pledge.payment_amount;
  if (amount === undefined) return pledge.payment_type === 'partial' ? REQUIRED : undefined;
  if (pledge.payment_type === 'full' && amount !== pledge.total_pledge) return PLEDGE_MESSAGES.fullAmountMismatch;
  if (toPennies(amount) > toPennies(pledge.total_pledge)) return PLEDGE_MESSAGES.amountAboveTotal;
  return undefined;
}

/**
 * The pledge form's rules. "Today" is asked for at every check, so one schema serves a long-running
 * server; the server judges it in the church's time zone, the browser may use its own clock.
 */
export const pledgeRequestSchema = ({ today }: { today: () => string }) =>
  z
    .object({
      first_name: requiredText(FORM_LIMITS.name),
      middle_name: optionalText(FORM_LIMITS.name),
      last_name: requiredText(FORM_LIMITS.name),
      email: emailField,
      phone: optionalText(FORM_LIMITS.phone),
      currency: choice(CURRENCIES),
      total_pledge: pledgeAmount,
      pay_by_date: payByDate(today),
      payment_type: choice(PAYMENT_TYPES),
      payment_amount: amountToPayNow,
      payment_method: choice(PAYMENT_METHODS),
      message: optionalText(FORM_LIMITS.message),
      newsletter_consent: newsletterConsentField,
      ...giftAidFields,
      ...spamCheckFields,
    })
    .superRefine(...giftAidCheck)
    .superRefine(
      (pledge, ctx) => {
        const problem = amountProblem(pledge);
        if (problem) ctx.addIssue({ code: 'custom', path: ['payment_amount'], message: problem });
      },
      { when: (payload) => payload.issues.every((issue) => !AMOUNT_FIELDS.includes(issue.path?.[0] ?? '')) },
    )
    .transform((pledge) => ({ ...pledge, payment_amount: pledge.payment_amount ?? pledge.total_pledge }));
export type PledgeRequest = z.infer<ReturnType<typeof pledgeRequestSchema>>;

/** A pledge as its donor may see it; staff answers add admin_notes. */
export const pledgeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  total_pledge: z.string(),
  currency: z.enum(CURRENCIES),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_amount: z.string(),
  remaining_balance: z.string(),
  pay_by_date: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  message: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
});
export type Pledge = z.infer<typeof pledgeSchema>;

/**
 * What staff see of a pledge: the donor's view plus their own notes and whether payment is late.
 * Unlike the donor's answer (total minus what they said they would pay now), `remaining_balance` here is
 * total minus `paid`, the exact sum of the gifts recorded on the pledge.
 */
export const staffPledgeSchema = pledgeSchema.extend({
  admin_notes: z.string(),
  /** The pay-by day has passed (in the church's calendar) and the pledge is not completed. */
  is_overdue: z.boolean(),
  /** The sum of the pledge's gifts, exact decimal text. */
  paid: z.string(),
  gift_count: z.number().int(),
  /** BEHIND_SCHEDULE_RULE. */
  is_behind_schedule: z.boolean(),
  /** The donor is e-mailed before the pay-by date and once when it has passed, while a balance remains. */
  reminders_enabled: z.boolean(),
});
export type StaffPledge = z.infer<typeof staffPledgeSchema>;
export const staffPledgePageSchema = pageOf(staffPledgeSchema);

/** The pledge table's sortable columns; `name` sorts by last name, then first name. */
export const PLEDGE_ORDERING = [
  'created_at',
  'name',
  'email',
  'total_pledge',
  'payment_amount',
  'pay_by_date',
  'payment_status',
] as const;

/** The list, summary and export all take the same search and filters. */
export const pledgeQuerySchema = pageQuerySchema.extend({
  payment_status: choice(PAYMENT_STATUSES).optional(),
  payment_type: choice(PAYMENT_TYPES).optional(),
  currency: choice(CURRENCIES).optional(),
  overdue: booleanFlag.optional(),
  /** Not completed, due today or within the next six days (the dashboard's "due this week"). */
  due_this_week: booleanFlag.optional(),
  behind_schedule: booleanFlag.optional(),
});

/**
 * Behind schedule: not completed, something remains, and either the pay-by day has passed or less has been
 * received than an even share of the total for the days gone since the pledge was made (a pledge made 30
 * days before its pay-by day, 10 days ago, should have a third paid).
 */
export const BEHIND_SCHEDULE_RULE =
  'Not completed, a balance remains, and the pay-by date has passed or less has been received than an even share of the total for the days since the pledge was made.';

export type PledgeQuery = z.infer<typeof pledgeQuerySchema>;

export const ADMIN_NOTES_MAX = 5000;

/** The details modal saves the status and the notes separately; either or both may come. */
export const pledgeUpdateSchema = z
  .object({
    payment_status: choice(PAYMENT_STATUSES).optional(),
    admin_notes: z
      .string({ error: 'Must be text.' })
      .trim()
      .max(ADMIN_NOTES_MAX, `Ensure this field has no more than ${ADMIN_NOTES_MAX} characters.`)
      .optional(),
  })
  .refine((update) => update.payment_status !== undefined || update.admin_notes !== undefined, {
    message: 'Send a payment_status, admin_notes or both.',
  });
export type PledgeUpdate = z.infer<typeof pledgeUpdateSchema>;

export const MAX_BULK_PLEDGES = 500;
/** Bulk actions only ever confirm or complete; putting a pledge back to pending is done one by one. */
export const BULK_PAYMENT_STATUSES = ['confirmed', 'completed'] as const;

const NOT_AN_ID = 'Each id must be a donation id.';
const pledgeIds = z
  .array(z.number({ error: NOT_AN_ID }).int(NOT_AN_ID).positive(NOT_AN_ID).max(2_147_483_647, NOT_AN_ID), {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? REQUIRED : 'Must be a list of donation ids.',
  })
  .min(1, 'Choose at least one donation.')
  .max(MAX_BULK_PLEDGES, `Choose no more than ${MAX_BULK_PLEDGES} donations at once.`)
  .refine((ids) => new Set(ids).size === ids.length, 'List each donation only once.');

/** Either a status for every listed pledge, or `delete: true`; never both. */
export const pledgeBulkSchema = z
  .object({
    ids: pledgeIds,
    payment_status: choice(BULK_PAYMENT_STATUSES).optional(),
    delete: z.literal(true, { error: 'Use true to delete the listed donations.' }).optional(),
  })
  .refine((bulk) => (bulk.payment_status === undefined) !== (bulk.delete === undefined), {
    message: 'Send either a payment_status or delete: true.',
  })
  .transform((bulk): PledgeBulkAction =>
    bulk.delete ? { ids: bulk.ids, delete: true } : { ids: bulk.ids, payment_status: bulk.payment_status! },
  );
export type PledgeBulkAction =
  { ids: number[]; delete: true } | { ids: number[]; payment_status: (typeof BULK_PAYMENT_STATUSES)[number] };

export const pledgeBulkAnswerSchema = z.union([
  z.object({ updated: z.number().int() }),
  z.object({ deleted: z.number().int() }),
]);
export type PledgeBulkAnswer = z.infer<typeof pledgeBulkAnswerSchema>;

/** Header figures for the matching pledges: exact totals per currency as decimal text. */
export const pledgeSummarySchema = z.object({
  totals: z.object({ GBP: z.string(), USD: z.string() }),
  count: z.number().int(),
  overdue_count: z.number().int(),
});
export type PledgeSummary = z.infer<typeof pledgeSummarySchema>;
