import { z } from 'zod';
import { REQUIRED, optionalText } from './common.js';
import { GIFT_AID_LIMITS } from './gift-aid-values.js';
export * from './gift-aid-values.js';

export const GIFT_AID_MESSAGES = {
  postcode: 'Enter a valid UK postcode, such as N1 9GU.',
} as const;

/** The usual UK postcode pattern (outward code, one space, inward code), with GIR 0AA for Girobank. */
const UK_POSTCODE = /^(GIR 0AA|[A-Z][A-HJ-Y]?[0-9][A-Z0-9]? [0-9][A-Z]{2})$/;

/** Upper case with exactly one space before the inward code, as HMRC asks ("n19gu" gives "N1 9GU"). */
export function normalisePostcode(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export const isUkPostcode = (postcode: string) => UK_POSTCODE.test(normalisePostcode(postcode));

/**
 * The Gift Aid box and its address fields, added to the pledge and giving forms. The address is
 * needed only when the box is ticked; unticked, whatever was typed is dropped.
 */
export const giftAidFields = {
  gift_aid: z
    .boolean({ error: 'Must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
  title: optionalText(GIFT_AID_LIMITS.title),
  house_name_or_number: optionalText(GIFT_AID_LIMITS.house),
  postcode: optionalText(20).transform(normalisePostcode),
};

const GIFT_AID_FIELDS: readonly PropertyKey[] = Object.keys(giftAidFields);

type GiftAidInput = { gift_aid: boolean; house_name_or_number: string; postcode: string };

/** The address rules of a ticked box, as a refinement that runs even while other fields are wrong. */
export const giftAidCheck = [
  (form: GiftAidInput, ctx: z.RefinementCtx) => {
    if (!form.gift_aid) return;
    if (!form.house_name_or_number) ctx.addIssue({ code: 'custom', path: ['house_name_or_number'], message: REQUIRED });
    if (!form.postcode) ctx.addIssue({ code: 'custom', path: ['postcode'], message: REQUIRED });
    else if (!UK_POSTCODE.test(form.postcode)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: GIFT_AID_MESSAGES.postcode });
    }
  },
  {
    when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      payload.issues.every((issue) => !GIFT_AID_FIELDS.includes(issue.path?.[0] ?? '')),
  },
] as const;

export const GIFT_AID_SOURCES = ['building_fund', 'giving'] as const;
export type GiftAidSource = (typeof GIFT_AID_SOURCES)[number];

export const giftAidDeclarationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  house_name_or_number: z.string(),
  postcode: z.string(),
  declared_on: z.string(),
  covers_past_gifts: z.boolean(),
  source: z.enum(GIFT_AID_SOURCES),
  cancelled_at: z.string().nullable(),
  /** It named a gift in a claim sent to HMRC, so it is kept for HMRC's six years. */
  used_in_claim: z.boolean(),
  created_at: z.string(),
});
export type GiftAidDeclaration = z.infer<typeof giftAidDeclarationSchema>;

const DATE_MESSAGE = 'Enter a valid date in the format YYYY-MM-DD.';
const claimDate = z.iso.date({
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? REQUIRED : DATE_MESSAGE),
});

/** The gifts received from `from` to `to`, both days included. */
export const giftAidClaimRequestSchema = z
  .object({ from: claimDate, to: claimDate })
  .refine((range) => range.from <= range.to, {
    path: ['to'],
    message: 'The end date cannot be before the start date.',
  });
export type GiftAidClaimRequest = z.infer<typeof giftAidClaimRequestSchema>;

/** HMRC's Charities Online schedule takes at most this many rows in one file. */
export const GIFT_AID_ROWS_PER_PART = 1000;

export const giftAidClaimSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  gift_count: z.number().int(),
  /** Exact decimal text in pounds, such as "1234.50". */
  total: z.string(),
  /** One CSV download per 1,000 gifts, in order. */
  parts: z.array(z.string()),
  created_at: z.string(),
});
export type GiftAidClaim = z.infer<typeof giftAidClaimSchema>;

/** What the fund's statements say about a donor: whether a declaration holds, and from which day it covers gifts. */
export type GiftAidStatus = { declared: false } | { declared: true; covers_gifts_from: string; declared_on: string };
