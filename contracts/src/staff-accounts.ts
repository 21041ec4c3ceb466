import { z } from 'zod';
import { loginSchema, staffRolesSchema } from './auth.js';
import { STAFF_ROLES } from './staff-roles.js';

/** The same length `npm run admin` asks of ADMIN_PASSWORD; the sign-in form's upper limit. */
export const STAFF_PASSWORD_MIN = 10;

const newPassword = z
  .string({ error: 'Password is required' })
  .min(STAFF_PASSWORD_MIN, `Password must be at least ${STAFF_PASSWORD_MIN} characters`)
  .max(1024, 'Password must be at most 1024 characters');

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.union([z.literal(''), z.email('Enter a valid email address')]))
  .optional()
  .transform((email) => email || undefined);

/** How a new or reset password reaches its owner: shown once to the staff member, or mailed as a link. */
export const PASSWORD_DELIVERIES = ['one-time-password', 'email-link'] as const;
export type PasswordDelivery = (typeof PASSWORD_DELIVERIES)[number];

const deliveryField = z.enum(PASSWORD_DELIVERIES, { error: 'Choose how the password is given' });

export const staffAccountCreateSchema = z
  .object({
    username: loginSchema.shape.username,
    email: optionalEmail,
    delivery: deliveryField,
    roles: staffRolesSchema,
  })
  .superRefine((value, ctx) => {
    if (value.delivery === 'email-link' && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'An email address is needed to send a link' });
    }
  });
export type StaffAccountCreateRequest = z.input<typeof staffAccountCreateSchema>;

/** Editing an account changes what it may do: its roles, at least one. */
export const staffAccountEditSchema = z.object({ roles: staffRolesSchema });
export type StaffAccountEditRequest = z.input<typeof staffAccountEditSchema>;

export const staffPasswordResetSchema = z.object({ delivery: deliveryField });
export type StaffPasswordResetRequest = z.input<typeof staffPasswordResetSchema>;

export const staffAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
  last_signed_in_at: z.string().nullable(),
  active: z.boolean(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** The signed-in staff member's own account. */
  is_you: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** What adding or resetting answers: the one-time password appears here and nowhere else, once. */
export const staffPasswordIssuedSchema = z.object({
  account: staffAccountSchema,
  one_time_password: z.string().optional(),
  /** Set when a set-password link was queued to this address. */
  emailed_to: z.string().optional(),
});
export type StaffPasswordIssued = z.infer<typeof staffPasswordIssuedSchema>;

export const staffSignInSchema = z.object({ signed_in_at: z.string(), address: z.string(), user_agent: z.string() });
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

export const changeMyPasswordSchema = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  new_password: newPassword,
});
export type ChangeMyPasswordRequest = z.input<typeof changeMyPasswordSchema>;

export const setPasswordWithLinkSchema = z.object({
  token: z.string({ error: 'This link is not valid' }).min(1, 'This link is not valid').max(200),
  password: newPassword,
});
export type SetPasswordWithLinkRequest = z.input<typeof setPasswordWithLinkSchema>;

/** How long an e-mailed set-password link works. */
export const STAFF_PASSWORD_LINK_HOURS = 48;
export const PASSWORD_LINK_INVALID =
  'This link has expired or has already been used. Ask a staff member for a new one.';
export const CANNOT_DEACTIVATE_YOURSELF = 'You cannot deactivate your own account. Ask another staff member to do it.';
export const LAST_ACTIVE_ACCOUNT = 'This is the last active staff account: add or reactivate another one first.';
export const LAST_ADMINISTRATOR = 'This is the last active administrator: make another account an administrator first.';
