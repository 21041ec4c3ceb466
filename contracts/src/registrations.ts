import { z } from 'zod';
import { emailField, newsletterConsentField, optionalText, requiredText, spamCheckFields } from './common.js';
import { FORM_LIMITS } from './forms.js';

/** Most people one sign-up may bring (themselves included), and most questions staff may ask. */
export const MAX_PARTY_LIMIT = 10;
export const MAX_QUESTIONS = 10;
export const QUESTION_KINDS = ['text', 'choice', 'yes_no'] as const;
export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'offered', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATION_WORDS = {
  closed: 'Sign-ups for this event are closed.',
  full: 'This event is full.',
  tooMany: (most: number) => `One sign-up may bring at most ${most} people.`,
  notEnabled: 'This event does not take sign-ups.',
  alreadyCheckedIn: 'Already checked in.',
  notConfirmed: 'This ticket is not for a confirmed place.',
  unknownTicket: 'No such ticket for this event.',
} as const;

const isoMoment = z.iso.datetime({ offset: true, error: 'Enter a date and time.' });
const wholeNumber = () => z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.');

export const registrationQuestionSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,30}$/, 'Use 1 to 30 lower-case letters, digits or _.'),
    label: requiredText(200),
    kind: z.enum(QUESTION_KINDS),
    required: z.boolean().default(false),
    choices: z.array(requiredText(100)).max(20).default([]),
  })
  .refine((question) => question.kind !== 'choice' || question.choices.length >= 2, {
    message: 'A choice needs at least two answers to choose from.',
    path: ['choices'],
  });
export type RegistrationQuestion = z.infer<typeof registrationQuestionSchema>;

/** PUT /api/admin/events/{id}/registration/ */
export const registrationSettingsSchema = z
  .object({
    enabled: z.boolean(),
    capacity: wholeNumber().min(1).max(100_000),
    waitlist: z.boolean().default(true),
    opens_at: isoMoment.nullish().transform((value) => value ?? null),
    closes_at: isoMoment.nullish().transform((value) => value ?? null),
    max_party: wholeNumber().min(1).max(MAX_PARTY_LIMIT).default(1),
    questions: z
      .array(registrationQuestionSchema)
      .max(MAX_QUESTIONS, `Ask at most ${MAX_QUESTIONS} questions.`)
      .default([])
      .refine((list) => new Set(list.map((question) => question.id)).size === list.length, 'Question ids must differ.'),
    /** Hours a person promoted off the waiting list has to accept before the place passes on. */
    accept_hours: wholeNumber()
      .min(1)
      .max(24 * 14)
      .default(24),
  })
  .refine((form) => !form.opens_at || !form.closes_at || form.opens_at < form.closes_at, {
    message: 'Sign-ups must close after they open.',
    path: ['closes_at'],
  });
export type RegistrationSettingsForm = z.infer<typeof registrationSettingsSchema>;

export const registrationSettingsAnswerSchema = z.object({
  enabled: z.boolean(),
  capacity: z.number().int(),
  waitlist: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  max_party: z.number().int(),
  questions: z.array(registrationQuestionSchema),
  accept_hours: z.number().int(),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsAnswerSchema>;

/** GET /api/events/{id}/registration/: what the event's page shows. */
export const registrationStateSchema = z.object({
  enabled: z.boolean(),
  open: z.boolean(),
  places_left: z.number().int(),
  capacity: z.number().int(),
  waitlist: z.boolean(),
  max_party: z.number().int(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  questions: z.array(registrationQuestionSchema),
});
export type RegistrationState = z.infer<typeof registrationStateSchema>;

const answerValue = z.union([z.string().trim().max(500), z.boolean()]);

/** POST /api/events/{id}/register/ */
export const registerFormSchema = z.object({
  name: requiredText(FORM_LIMITS.name),
  email: emailField,
  party: z.coerce.number().int().min(1).max(MAX_PARTY_LIMIT).default(1),
  answers: z.record(z.string(), answerValue).default({}),
  newsletter_consent: newsletterConsentField,
  ...spamCheckFields,
});
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const registerAnswerSchema = z.object({
  status: z.enum(['confirmed', 'waitlisted']),
  party: z.number().int(),
  /** Place on the waiting list, 1 first; null when confirmed. */
  waitlist_position: z.number().int().nullable(),
  places_left: z.number().int(),
  message: z.string(),
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** A sign-up as staff see it. */
export const staffRegistrationSchema = z.object({
  id: z.number().int(),
  ticket: z.string(),
  name: z.string(),
  email: z.string(),
  party: z.number().int(),
  answers: z.record(z.string(), answerValue),
  status: z.enum(REGISTRATION_STATUSES),
  waitlist_position: z.number().int().nullable(),
  offer_expires_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffRegistration = z.infer<typeof staffRegistrationSchema>;

export const registrationCountsSchema = z.object({
  capacity: z.number().int(),
  places_taken: z.number().int(),
  confirmed: z.number().int(),
  waitlisted: z.number().int(),
  offered: z.number().int(),
  checked_in: z.number().int(),
  cancelled: z.number().int(),
  /** People (parties summed) checked in, for "arrivals against places". */
  arrived: z.number().int(),
});
export type RegistrationCounts = z.infer<typeof registrationCountsSchema>;

export const registrationListSchema = z.object({
  counts: registrationCountsSchema,
  registrations: z.array(staffRegistrationSchema),
});
export type RegistrationList = z.infer<typeof registrationListSchema>;

export const registrationListQuerySchema = z.object({
  search: optionalText(100),
  status: z.enum(REGISTRATION_STATUSES).optional(),
});

export const eventRegistrationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  registrationId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Staff add someone by hand: the same fields, no consent, and they may place them beyond the waiting list. */
export const staffAddRegistrationSchema = registerFormSchema.pick({
  name: true,
  email: true,
  party: true,
  answers: true,
});

/**
 * One check-in, from a scan (`ticket`) or a tap on a name (`registration_id`). `client_id` is made by the phone
 * once per check-in, so a check-in sent again after the network came back counts once.
 */
export const checkInSchema = z
  .object({
    client_id: z.uuid(),
    ticket: z.string().max(200).optional(),
    registration_id: z.number().int().positive().optional(),
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((form) => form.ticket !== undefined || form.registration_id !== undefined, {
    message: 'Give a ticket or a sign-up.',
    path: ['ticket'],
  });
export type CheckInForm = z.infer<typeof checkInSchema>;

export const checkInAnswerSchema = z.object({
  outcome: z.enum(['checked_in', 'already_checked_in']),
  registration: staffRegistrationSchema,
  counts: registrationCountsSchema,
});
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;

/** POST on a manage link: cancel, change the party, or accept an offered place. */
export const manageActionSchema = z.object({
  action: z.enum(['cancel', 'change', 'accept']),
  party: z.coerce.number().int().min(1).max(MAX_PARTY_LIMIT).optional(),
});
export const manageLinkQuerySchema = z.object({
  r: z.coerce.number().int().positive().max(2_147_483_647),
  token: z.string().max(200),
});

/** POST /api/admin/events/{id}/registrations/email/: one service message to everyone holding a place. */
export const registrationEmailSchema = z.object({
  subject: requiredText(200),
  content: requiredText(50_000),
});
export const registrationEmailAnswerSchema = z.object({
  campaign_id: z.number().int().nullable(),
  recipients: z.number().int(),
  message: z.string(),
});
export const registrationRecipientsSchema = z.object({
  recipients: z.array(z.object({ email: z.string(), name: z.string() })),
});
