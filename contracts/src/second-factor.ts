import { z } from 'zod';

/** Two-step sign-in: the password step's answer when a second step is needed, and the console's Security page. */

export const secondStepNeededSchema = z.object({
  /** Good only for the second step of this sign-in, for a few minutes. */
  second_step: z.object({
    token: z.string(),
    methods: z.array(z.enum(['authenticator', 'passkey'])),
  }),
});
export type SecondStepNeeded = z.infer<typeof secondStepNeededSchema>;

const pendingToken = z.string({ error: 'Please sign in again' }).min(1, 'Please sign in again').max(200);

export const secondStepCodeSchema = z.object({
  token: pendingToken,
  code: z
    .string({ error: 'Enter the code from your authenticator app or a recovery code' })
    .trim()
    .min(1, 'Enter the code from your authenticator app or a recovery code')
    .max(40, 'That is not a code from your authenticator app or a recovery code'),
});

export const secondStepTokenSchema = z.object({ token: pendingToken });

/** A browser's WebAuthn answer, checked in full by the server's WebAuthn library. */
const webAuthnAnswer = z.looseObject({ id: z.string().max(1000), type: z.literal('public-key') });

export const secondStepPasskeySchema = z.object({ token: pendingToken, response: webAuthnAnswer });

/** Options for the browser's WebAuthn call, as the server's WebAuthn library writes them. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const secondFactorStatusSchema = z.object({
  authenticator: z.boolean(),
  passkeys: z.array(passkeySchema),
  recovery_codes_left: z.number().int(),
  /** This account must have a second factor (the church's setting, or the production default). */
  required: z.boolean(),
  /** The church's setting: every staff account needs a second factor. */
  required_for_all_staff: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const authenticatorSetupSchema = z.object({
  /** The secret in text, for an app that cannot scan the QR code. */
  secret: z.string(),
  qr_code_svg: z.string(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupSchema>;

const sixDigits = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const confirmAuthenticatorSchema = z.object({ code: sixDigits });

/** Shown once: the codes are stored hashed and cannot be shown again. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const addedFactorSchema = z.object({ recovery_codes: z.array(z.string()).optional() });
export type AddedFactor = z.infer<typeof addedFactorSchema>;

export const addPasskeySchema = z.object({
  name: z
    .string({ error: 'Give this passkey a name' })
    .trim()
    .min(1, 'Give this passkey a name')
    .max(80, 'The name must be at most 80 characters'),
  response: webAuthnAnswer,
});

/** Removing a factor or making new recovery codes: the current password or a code proves it is really them. */
export const confirmIdentitySchema = z
  .object({
    password: z.string().max(1024, 'Password must be at most 1024 characters').optional(),
    code: z.string().trim().max(40, 'That is not a code from your authenticator app or a recovery code').optional(),
  })
  .refine((body) => Boolean(body.password || body.code), {
    message: 'Enter your password or a code from your authenticator app',
    path: ['password'],
  });

export const secondFactorPolicySchema = z.object({
  required_for_all_staff: z.boolean({ error: 'Choose whether every staff account needs a second factor' }),
});

export const ENROL_FIRST =
  'Set up two-step sign-in first: this account needs an authenticator app or a passkey before it can do anything else.';
export const WRONG_SECOND_STEP = 'That code is not right, or has already been used. Please try again.';
export const SECOND_STEP_EXPIRED = 'This sign-in has expired. Please sign in again.';
